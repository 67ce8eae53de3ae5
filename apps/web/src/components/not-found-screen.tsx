import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { CenteredMessage } from './centered-message';
import { TopBar } from './top-bar';

export function NotFoundScreen() {
  return (
    <>
      <TopBar />
      <CenteredMessage title="There's Nothing Here." detail="The page you are looking for does not exist or has moved.">
        <Button component={Link} to="/" variant="contained">
          Go Home
        </Button>
      </CenteredMessage>
    </>
  );
}
