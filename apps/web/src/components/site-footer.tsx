import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { COMPANY_NAME, COPYRIGHT_YEAR, PRODUCT_NAME } from '@sweetwish/shared/brand';
import { Link } from 'react-router';
import { Logo } from './logo';

const FOOTER_LINKS = [
  { to: '/support', label: 'Support' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

/** The footer of the landing, marketing and legal pages: the legal links, the copyright and the credit. */
export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: { xs: 8, md: 12 } }}>
      <Box
        sx={{
          maxWidth: 1120,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: { xs: 4, md: 5 },
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'flex-start', md: 'center' },
          justifyContent: 'space-between',
          gap: 3,
        }}
      >
        <Logo />
        <Box component="nav" aria-label="Legal and support">
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}
          >
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Box
                  component={Link}
                  to={link.to}
                  sx={{
                    display: 'inline-block',
                    py: 1,
                    color: 'text.primary',
                    textDecoration: 'none',
                    fontWeight: 500,
                    '&:hover': { color: 'primary.main', textDecoration: 'underline' },
                    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                  }}
                >
                  {link.label}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
        <Box sx={{ textAlign: { xs: 'left', md: 'right' } }}>
          <Typography variant="body2" color="text.secondary">
            © {COPYRIGHT_YEAR} {PRODUCT_NAME}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Powered by {COMPANY_NAME}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
