import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { SiteFooter } from '../../../components/site-footer';
import { TopBar } from '../../../components/top-bar';
import { GetStarted } from '../components/get-started';
import { SignInButton } from '../components/sign-in-button';
import { WhyFeatures } from '../components/why-features';

/** The marketing page (product.md section 2, "Marketing page (/why)"). */
export function WhyPage() {
  return (
    <>
      <TopBar actions={<SignInButton />} />
      <Container component="main" maxWidth={false} sx={{ maxWidth: 1120, pt: { xs: 6, md: 10 } }}>
        <Box sx={{ maxWidth: 720, mx: 'auto', textAlign: 'center', mb: { xs: 5, md: 7 } }}>
          <Typography
            variant="h1"
            sx={{ fontWeight: 800, fontSize: { xs: 38, sm: 52, md: 60 }, letterSpacing: '-0.03em', lineHeight: 1.1 }}
          >
            Why choose{' '}
            <Box component="span" sx={{ color: 'primary.main' }}>
              {PRODUCT_NAME}
            </Box>
            ?
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: { xs: 17, md: 19 }, lineHeight: 1.7, mt: 2.5 }}>
            A wishlist that pays you fairly, respects your fans’ privacy and looks good wherever you share it.
          </Typography>
        </Box>
        <WhyFeatures />
        <GetStarted />
      </Container>
      <SiteFooter />
    </>
  );
}
