import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import SubscriptionIcon from '@mui/icons-material/AutorenewOutlined';
import GiftIcon from '@mui/icons-material/CardGiftcardOutlined';
import MessageIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FansIcon from '@mui/icons-material/GroupOutlined';
import AffiliateIcon from '@mui/icons-material/HandshakeOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import LogInIcon from '@mui/icons-material/Login';
import LogOutIcon from '@mui/icons-material/Logout';
import UserPlusIcon from '@mui/icons-material/PersonAddOutlined';
import UserIcon from '@mui/icons-material/PersonOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import BagIcon from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import type { ShareLinkType } from '@sweetwish/shared/share-links';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../lib/session';
import { shareUserLink } from '../lib/share';
import { useRoles } from './safety/safety-queries';
import { UserAvatar } from './user-avatar';
import { VISUALLY_HIDDEN } from './visually-hidden';
import { tokenCount } from './wallet/token-count';
import { useActivity, useWallet } from './wallet/wallet-queries';

/** Drawer width (product.md section 9). */
export const SIDE_MENU_WIDTH = 300;

/**
 * The side menu (product.md section 2): a drawer from the right that a swipe to the right closes. Signed-out
 * visitors are offered "Sign In / Sign Up"; a signed-in user gets their token balance with "Manage", Home,
 * Search, Conversations (with its unseen count), Purchases and Received (each once there is one; Received
 * with its unseen count), Subscriptions, Profile, Fans (their fan base), Insights, Affiliate (whom they invited
 * and what they earned), Settings and Logout, and, once they have a handle,
 * buttons sharing their profile, direct-tip and invite links.
 */
export function SideMenu({ isOpen, onOpen, onClose }: { isOpen: boolean; onOpen: () => void; onClose: () => void }) {
  const { me } = useMe();
  const activity = useActivity().data;
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logOut = () => {
    setIsLoggingOut(true);
    void import('./accounts/log-out').then((m) => m.logOut());
  };

  return (
    <SwipeableDrawer
      anchor="right"
      open={isOpen}
      onOpen={onOpen}
      onClose={onClose}
      disableSwipeToOpen
      slotProps={{ paper: { sx: { width: SIDE_MENU_WIDTH, maxWidth: '85vw', backgroundImage: 'none' } } }}
    >
      <Box component="nav" aria-label="Menu" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2.5 }}>
          {me ? (
            <>
              <UserAvatar photoUrl={me.photoUrl} name={me.displayName ?? me.handle} size={44} />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }} noWrap>
                  {me.displayName ?? 'Your account'}
                </Typography>
                {me.handle && (
                  <Typography variant="body2" color="text.secondary" noWrap>
                    @{me.handle}
                  </Typography>
                )}
              </Box>
            </>
          ) : (
            <Typography sx={{ fontWeight: 800, fontSize: 20 }}>{PRODUCT_NAME}</Typography>
          )}
        </Box>
        {me?.handle && <ShareButtons handle={me.handle} onShare={onClose} />}
        {me && <BalanceRow />}
        <Divider />
        <List sx={{ px: 1 }}>
          {me ? (
            <>
              <MenuLink to="/home" icon={<HomeIcon />} label="Home" />
              <MenuLink to="/search" icon={<SearchIcon />} label="Search" />
              <MenuLink
                to="/conversations"
                icon={<MessageIcon />}
                label="Conversations"
                unseen={activity?.unseenConversations}
              />
              {activity?.hasPurchases && <MenuLink to="/purchases" icon={<BagIcon />} label="Purchases" />}
              <MenuLink to="/subscriptions" icon={<SubscriptionIcon />} label="Subscriptions" />
              {activity?.hasReceived && (
                <MenuLink to="/received" icon={<InboxIcon />} label="Received" unseen={activity.unseenReceived} />
              )}
              {me.handle && <MenuLink to={`/${me.handle}`} icon={<UserIcon />} label="Profile" />}
              {me.handle && <MenuLink to="/fans" icon={<FansIcon />} label="Fans" />}
              {me.handle && <MenuLink to="/insights" icon={<InsightsIcon />} label="Insights" />}
              {me.handle && <MenuLink to="/affiliate" icon={<AffiliateIcon />} label="Affiliate" />}
              <MenuLink to="/settings" icon={<SettingsIcon />} label="Settings" />
              <ModerationLink />
              <Divider sx={{ my: 1 }} />
              <ListItemButton onClick={logOut} disabled={isLoggingOut} sx={{ borderRadius: 2 }}>
                <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
                  <LogOutIcon />
                </ListItemIcon>
                <ListItemText primary={isLoggingOut ? 'Logging out…' : 'Logout'} />
              </ListItemButton>
            </>
          ) : (
            <>
              <MenuLink to="/sign-in" icon={<LogInIcon />} label="Sign In / Sign Up" />
              <MenuLink to="/search" icon={<SearchIcon />} label="Search" />
            </>
          )}
        </List>
      </Box>
    </SwipeableDrawer>
  );
}

/** "Moderation" for moderators only (decision 028); the server refuses its routes to everyone else anyway. */
function ModerationLink() {
  const roles = useRoles();
  return roles.data?.isModerator ? <MenuLink to="/moderation" icon={<SettingsIcon />} label="Moderation" /> : null;
}

function MenuLink({ to, icon, label, unseen = 0 }: { to: string; icon: ReactNode; label: string; unseen?: number }) {
  return (
    <ListItemButton component={Link} to={to} sx={{ borderRadius: 2 }}>
      <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} />
      {unseen > 0 && (
        <Box
          component="span"
          sx={{
            minWidth: 22,
            height: 22,
            px: 0.75,
            borderRadius: 11,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: 12,
            fontWeight: 700,
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {unseen > 99 ? '99+' : unseen}
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {' '}
            unseen
          </Box>
        </Box>
      )}
    </ListItemButton>
  );
}

/** The token balance (a placeholder while it loads; 0 without a wallet) and "Manage", leading to /balance. */
function BalanceRow() {
  const wallet = useWallet();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        mx: 2.5,
        mb: 2,
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
      }}
    >
      <Box sx={{ display: 'flex', color: 'primary.main' }}>
        <WalletIcon />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
          Balance
        </Typography>
        {wallet.isPending ? (
          <Skeleton width={80} aria-label="Loading balance" />
        ) : (
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {wallet.data ? tokenCount(wallet.data.balanceCents) : '–'}
          </Typography>
        )}
      </Box>
      <Button component={Link} to="/balance" size="small" variant="outlined" sx={{ borderRadius: 5 }}>
        Manage
      </Button>
    </Box>
  );
}

const SHARE_BUTTONS: { type: ShareLinkType; label: string; icon: ReactNode }[] = [
  { type: 'profile', label: 'Profile', icon: <ShareIcon sx={{ fontSize: 18 }} /> },
  { type: 'tip', label: 'Direct Tip', icon: <GiftIcon sx={{ fontSize: 18 }} /> },
  { type: 'invite', label: 'Affiliate Invite', icon: <UserPlusIcon sx={{ fontSize: 18 }} /> },
];

/**
 * Share links built from the user's handle (product.md section 2, Side menu; section 5, Share link). The menu
 * closes first, so the share sheet or the "Link Copied!" toast is not behind it.
 */
function ShareButtons({ handle, onShare }: { handle: string; onShare: () => void }) {
  return (
    <Box role="group" aria-label="Share links" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2.5, pb: 2 }}>
      {SHARE_BUTTONS.map(({ type, label, icon }) => (
        <Button
          key={type}
          size="small"
          variant="outlined"
          startIcon={icon}
          aria-label={`Share ${label} link`}
          onClick={() => {
            onShare();
            void shareUserLink(type, handle);
          }}
          sx={{ borderRadius: 5 }}
        >
          {label}
        </Button>
      ))}
    </Box>
  );
}
