import Avatar from '@mui/material/Avatar';

/** A user's photo, or the first letter of their name on a pink disc while there is no photo. */
export function UserAvatar({
  photoUrl,
  name,
  size = 48,
}: {
  photoUrl: string | null | undefined;
  name: string | null | undefined;
  size?: number;
}) {
  const initial = (name?.trim()[0] ?? '?').toUpperCase();
  return (
    <Avatar
      src={photoUrl ?? undefined}
      alt={name ?? ''}
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}
    >
      {initial}
    </Avatar>
  );
}
