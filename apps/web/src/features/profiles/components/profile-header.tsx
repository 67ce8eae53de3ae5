import LinkIcon from '@mui/icons-material/Link';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { cssUrl } from '../../../lib/css-url';
import { linkLabel } from '../lib/link-label';
import { OwnerShareButton } from './owner-share-button';

const PHOTO_SIZE = 112;

/**
 * A small outlined Button drawn as an outlined chip: MUI's Chip would add about 3 KB gzip to the page's
 * first load (decision 003), and the Button is loaded already.
 */
const LINK_CHIP_SX = {
  height: 32,
  pl: '6px',
  pr: '11px',
  borderRadius: 4,
  borderColor: 'grey.700',
  fontWeight: 400,
  lineHeight: 1.5,
  '& .MuiButton-startIcon': { mr: '5px', color: 'grey.300' },
} as const;

/** Banner (2:1), round photo, display name (the owner's leads to /profile), @handle and the social links. */
export function ProfileHeader({ profile, isOwner }: { profile: PublicProfile; isOwner: boolean }) {
  return (
    <Box component="header">
      <Box
        role="img"
        aria-label={`${profile.displayName}'s banner`}
        // 2:1 at every width, the crop dialog's framing: a wide screen bounds its width, never its height
        // alone, which would show a wider strip than the creator chose.
        sx={{
          aspectRatio: '2 / 1',
          maxWidth: 800,
          mx: 'auto',
          width: '100%',
          borderRadius: { xs: 0, sm: 3 },
          overflow: 'hidden',
          background: profile.bannerUrl
            ? `center / cover no-repeat ${cssUrl(profile.bannerUrl)}`
            : 'linear-gradient(135deg, rgba(240,98,146,0.45), rgba(206,147,216,0.25))',
        }}
      />
      <Stack sx={{ alignItems: 'center', textAlign: 'center', mt: `-${PHOTO_SIZE / 2}px`, px: 2 }} spacing={1}>
        <Box sx={{ borderRadius: '50%', border: 4, borderColor: 'background.default', display: 'inline-flex' }}>
          <UserAvatar photoUrl={profile.photoUrl} name={profile.displayName} size={PHOTO_SIZE} />
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {isOwner ? (
            <Link component={RouterLink} to="/profile" underline="hover" color="inherit">
              {profile.displayName}
            </Link>
          ) : (
            profile.displayName
          )}
        </Typography>
        <Typography color="text.secondary">@{profile.handle}</Typography>
        {isOwner && <OwnerShareButton handle={profile.handle} />}
        {profile.links.length > 0 && (
          <Stack
            direction="row"
            component="ul"
            aria-label="Social links"
            sx={{ flexWrap: 'wrap', justifyContent: 'center', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {profile.links.map((link) => (
              <li key={link}>
                <Button
                  component="a"
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="outlined"
                  color="inherit"
                  size="small"
                  startIcon={<LinkIcon sx={{ fontSize: 16 }} />}
                  sx={LINK_CHIP_SX}
                >
                  {linkLabel(link)}
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
