import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { UserAvatar } from '../../../components/user-avatar';
import { fetchInviter, inviterQueryKey } from '../api/auth-calls';

/** "Invited by" and the inviter, when the affiliate code of the invite link belongs to a user (product.md section 2). */
export function InvitedByCard({ code }: { code: string }) {
  const { data: inviter } = useQuery({
    queryKey: inviterQueryKey(code),
    queryFn: () => fetchInviter(code),
    staleTime: 5 * 60_000,
  });
  if (!inviter) return null;
  return (
    <Box
      component="section"
      aria-label="Invited by"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        mb: 3,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <UserAvatar photoUrl={inviter.photoUrl} name={inviter.displayName} size={48} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 700 }}>
          Invited by
        </Typography>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {inviter.displayName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          @{inviter.handle}
        </Typography>
      </Box>
    </Box>
  );
}
