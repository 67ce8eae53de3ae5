import Box from '@mui/material/Box';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { Link } from 'react-router';

/** The heart mark and the product's name, leading to the landing page. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Box
      component={Link}
      to={to}
      aria-label={`${PRODUCT_NAME} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: 20,
      }}
    >
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <path
          fill="#f06292"
          d="M32 54 12.7 35.3C6.4 29 6.4 19.6 12.4 14c5.6-5.2 14-4.6 19.6 1.4 5.6-6 14-6.6 19.6-1.4 6 5.6 6 15-.3 21.3z"
        />
      </svg>
      {PRODUCT_NAME}
    </Box>
  );
}
