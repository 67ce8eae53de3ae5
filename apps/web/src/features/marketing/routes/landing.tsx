import Box from '@mui/material/Box';
import { useRef } from 'react';
import { TOP_BAR_HEIGHT } from '../../../app/theme';
import { SiteFooter } from '../../../components/site-footer';
import { TopBar } from '../../../components/top-bar';
import { Hero } from '../components/hero';
import { HowToGetTokens } from '../components/how-to-get-tokens';
import { ProductIntro } from '../components/product-intro';
import { SecurityList } from '../components/security-list';
import { SignInButton } from '../components/sign-in-button';
import { useInView } from '../hooks/use-in-view';

/** The hero counts as out of view once it has scrolled up under the fixed top bar. */
const HERO_ROOT_MARGIN = `-${TOP_BAR_HEIGHT}px 0px 0px 0px`;

/**
 * The landing page (spec section 2). While the hero is on screen the top bar is see-through and bare;
 * once it has scrolled away the bar turns solid and offers "Sign In / Sign Up".
 */
export function LandingPage() {
  const heroRef = useRef<HTMLElement>(null);
  const isHeroInView = useInView(heroRef, { initial: true, rootMargin: HERO_ROOT_MARGIN });
  return (
    <>
      <TopBar isTransparent={isHeroInView} actions={isHeroInView ? undefined : <SignInButton />} />
      <Box component="main">
        <Hero ref={heroRef} />
        <ProductIntro />
        <SecurityList />
        <HowToGetTokens />
      </Box>
      <SiteFooter />
    </>
  );
}
