import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { useState } from 'react';
import { fanBaseExplanation, useChangeFanMembership, useFanMembership } from '../../../components/fans/fan-membership';
import { ReportDialog } from '../../../components/safety/report-dialog';
import { useBlockStatus, useChangeBlock } from '../../../components/safety/safety-queries';
import { useBlockAction } from '../../../components/safety/use-block-action';
import { notify } from '../../../lib/notification-store';

const JOIN_TITLE_ID = 'join-fan-base-title';

/**
 * The profile menu of a user, for a signed-in visitor: "Block" or "Unblock" and "Report" (issue 21,
 * decision 028) for everyone, and for a visitor who has rewarded the creator (product.md section 1: only they
 * may opt in) "Join Fan Base", after a dialog saying what joining shares, or "Leave Fan Base". Loaded only
 * for signed-in visitors (decision 003: the profile's first load).
 */
export function FanBaseMenu({ creator }: { creator: Pick<PublicProfile, 'id' | 'displayName'> }) {
  const membership = useFanMembership(creator.id);
  const change = useChangeFanMembership(creator.id);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const block = useBlockStatus(creator.id);
  const changeBlock = useChangeBlock(creator.id);
  const [isReportOpen, setIsReportOpen] = useState(false);

  const canJoin = membership.data?.canJoin ?? false;
  const isMember = membership.data?.isMember ?? false;
  const isBlocked = block.data?.isBlocked ?? false;

  const blockAction = useBlockAction({
    name: creator.displayName,
    isBlocked,
    change: changeBlock,
    closeMenu: () => setAnchor(null),
  });

  const join = () =>
    change.mutate(true, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        notify(`You joined ${creator.displayName}'s fan base.`, { severity: 'success' });
      },
      onError: () => notify('Could not join the fan base. Try again later.'),
    });

  const leave = () => {
    setAnchor(null);
    change.mutate(false, {
      onSuccess: () => notify(`You left ${creator.displayName}'s fan base.`, { severity: 'success' }),
      onError: () => notify('Could not leave the fan base. Try again later.'),
    });
  };

  return (
    <>
      <IconButton
        aria-label="Profile menu"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ bgcolor: 'rgba(18,18,18,0.6)', color: 'common.white', '&:hover': { bgcolor: 'rgba(18,18,18,0.8)' } }}
      >
        <MoreIcon />
      </IconButton>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {isMember && <MenuItem onClick={leave}>Leave Fan Base</MenuItem>}
        {!isMember && canJoin && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setIsConfirmOpen(true);
            }}
          >
            Join Fan Base
          </MenuItem>
        )}
        {blockAction.menuItem}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setIsReportOpen(true);
          }}
        >
          Report
        </MenuItem>
      </Menu>
      {blockAction.dialog}
      <ReportDialog
        open={isReportOpen}
        onClose={() => setIsReportOpen(false)}
        target={{ kind: 'profile', targetId: creator.id }}
        title={`Report ${creator.displayName}`}
      />
      <Dialog
        open={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        aria-labelledby={JOIN_TITLE_ID}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={JOIN_TITLE_ID} sx={{ fontWeight: 800 }}>
          Join {creator.displayName}'s fan base?
        </DialogTitle>
        <DialogContent>
          <Typography color="text.secondary">{fanBaseExplanation(creator.displayName)}</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setIsConfirmOpen(false)}>
            Cancel
          </Button>
          <Button variant="contained" onClick={join} disabled={change.isPending} sx={{ minWidth: 140 }}>
            {change.isPending ? <CircularProgress size={22} color="inherit" aria-label="Joining" /> : 'Join Fan Base'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function MoreIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}
