import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PinIcon from '@mui/icons-material/PushPinOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UpdateWishInput, Wish } from '@sweetwish/shared/wishes';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notification-store';
import { shareLink, wishShareTarget } from '../../../lib/share';
import { useUpdateWish } from '../api/update-wish';

export const WISH_UPDATE_FAILED = 'Failed to update product...';

/**
 * The owner's menu for one wish (product.md section 2): a bottom sheet on small screens, a dialog otherwise,
 * with "Share Link", "Pin"/"Un-Pin", "Edit Item" and "Archive"/"Restore".
 */
export function WishMenu({ wish, onClose }: { wish: Wish | null; onClose: () => void }) {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const isOpen = wish !== null;
  const titleId = 'wish-menu-title';

  const content = wish && <WishMenuContent wish={wish} titleId={titleId} onClose={onClose} />;

  if (isSmall) {
    return (
      <Drawer
        anchor="bottom"
        open={isOpen}
        onClose={onClose}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, backgroundImage: 'none', pb: 2 },
          },
        }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {content}
    </Dialog>
  );
}

function WishMenuContent({ wish, titleId, onClose }: { wish: Wish; titleId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const update = useUpdateWish();

  const change = (changes: UpdateWishInput) => {
    update.mutate(
      { id: wish.id, changes },
      {
        onSuccess: onClose,
        onError: () => notify(WISH_UPDATE_FAILED),
      },
    );
  };

  return (
    <>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        <Typography component="span" variant="h6" sx={{ display: 'block', fontWeight: 700 }} noWrap>
          {wish.name}
        </Typography>
      </DialogTitle>
      <List sx={{ px: 1 }}>
        <MenuItem
          icon={<ShareIcon sx={{ fontSize: 20 }} />}
          label="Share Link"
          onClick={() => {
            onClose();
            void shareLink(wishShareTarget(wish));
          }}
        />
        <MenuItem
          icon={<PinIcon sx={{ fontSize: 20 }} />}
          label={wish.pinned ? 'Un-Pin' : 'Pin'}
          isDisabled={update.isPending}
          onClick={() => change({ pinned: !wish.pinned })}
        />
        <MenuItem
          icon={<EditIcon sx={{ fontSize: 20 }} />}
          label="Edit Item"
          onClick={() => {
            onClose();
            navigate('/edit', { state: { product: wish } });
          }}
        />
        <MenuItem
          icon={<ArchiveIcon sx={{ fontSize: 20 }} />}
          label={wish.archived ? 'Restore' : 'Archive'}
          isDisabled={update.isPending}
          onClick={() => change({ archived: !wish.archived })}
        />
      </List>
    </>
  );
}

function MenuItem({
  icon,
  label,
  onClick,
  isDisabled = false,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  isDisabled?: boolean;
}) {
  return (
    <ListItemButton onClick={onClick} disabled={isDisabled} sx={{ borderRadius: 2 }}>
      <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
}
