import Button from '@mui/material/Button';
import { Link } from 'react-router';

/** The top bar's "Sign In / Sign Up" button. On the narrowest screens its label may wrap onto two lines. */
export function SignInButton() {
  return (
    <Button
      component={Link}
      to="/sign-in"
      variant="contained"
      size="small"
      sx={{ px: { xs: 1.5, sm: 2 }, py: 0.75, fontSize: { xs: 13, sm: 14 }, lineHeight: 1.25, textAlign: 'center' }}
    >
      Sign In / Sign Up
    </Button>
  );
}
