import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** The closing call to action of the marketing page. */
export function GetStarted() {
  return (
    <Box
      component="section"
      aria-labelledby="get-started-title"
      sx={(theme) => ({
        mt: { xs: 6, md: 9 },
        px: { xs: 2.5, sm: 5 },
        py: { xs: 5, md: 7 },
        textAlign: 'center',
        borderRadius: '28px',
        border: 1,
        borderColor: alpha(theme.palette.primary.main, 0.35),
        background: `linear-gradient(160deg, ${alpha(theme.palette.primary.main, 0.18)}, ${alpha(theme.palette.secondary.main, 0.08)})`,
      })}
    >
      <Typography
        id="get-started-title"
        variant="h3"
        component="h2"
        sx={{ fontWeight: 800, fontSize: { xs: 30, md: 40 }, letterSpacing: '-0.02em' }}
      >
        Get Started Today!
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: 17, lineHeight: 1.7, mt: 1.5, maxWidth: 520, mx: 'auto' }}>
        Setting up takes a few minutes and costs nothing. Your first wish could be granted tonight.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'center', alignItems: 'center', mt: 4 }}
      >
        <Button component={Link} to="/sign-in" variant="contained" size="large" sx={ctaButtonSx}>
          Create Wishlist
        </Button>
        <Button component={Link} to="/sign-in" variant="outlined" size="large" sx={ctaButtonSx}>
          Log In
        </Button>
      </Stack>
    </Box>
  );
}

const ctaButtonSx = { minWidth: 200, py: 1.5, fontSize: 17, borderRadius: 999 } as const;
