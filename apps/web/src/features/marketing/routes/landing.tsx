import Box from '@mui/material/Box';
import { lazy, Suspense, useRef } from 'react';
import { SiteFooter } from '../../../components/site-footer';
import { TopBar } from '../../../components/top-bar';
import { TOP_BAR_HEIGHT } from '../../../lib/theme';
import { Hero } from '../components/hero';
import { HowToGetTokens } from '../components/how-to-get-tokens';
import { ProductIntro } from '../components/product-intro';
import { SecurityList } from '../components/security-list';
import { SignInButton } from '../components/sign-in-button';
import { useInView } from '../hooks/use-in-view';
import { useSignedInUser } from '../hooks/use-signed-in-user';

// Loaded only for a signed-in visitor, so it adds nothing to everyone else's first load.
const SignedInCard = lazy(() => import('../components/signed-in-card').then((m) => ({ default: m.SignedInCard })));

/** The hero counts as out of view once it has scrolled up under the fixed top bar. */
const HERO_ROOT_MARGIN = `-${TOP_BAR_HEIGHT}px 0px 0px 0px`;

/**
 * The landing page (product.md section 2). While the hero is on screen the top bar is see-through and bare;
 * once it has scrolled away the bar turns solid and offers "Sign In / Sign Up". A signed-in visitor also
 * sees who they are signed in as, with the way to /home.
 */
export function LandingPage() {
  const heroRef = useRef<HTMLElement>(null);
  const isHeroInView = useInView(heroRef, { initial: true, rootMargin: HERO_ROOT_MARGIN });
  const signedInUser = useSignedInUser();
  return (
    <>
      <TopBar isTransparent={isHeroInView} actions={isHeroInView ? undefined : <SignInButton />} />
      <Box component="main">
        <Hero ref={heroRef}>
          {signedInUser && (
            <Suspense>
              <SignedInCard user={signedInUser} />
            </Suspense>
          )}
        </Hero>
        <ProductIntro />
        <SecurityList />
        <HowToGetTokens />
      </Box>
      <SiteFooter />
    </>
  );
}
