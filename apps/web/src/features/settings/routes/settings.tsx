import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { MESSAGE_NOTIFICATION_INTERVAL_MINUTES } from '@sweetwish/shared/conversation-rules';
import type { Settings, UpdateSettingsInput } from '@sweetwish/shared/settings';
import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { leaveAfterSessionEnded } from '../../../components/accounts/log-out';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { notify } from '../../../lib/notification-store';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';
import { useShowMoney } from '../../../lib/show-money';
import { settingsOptions, signOutEverywhere, useSettings, useUpdateSettings } from '../api/settings-calls';
import { signInMethodsOptions } from '../api/sign-in-method-calls';
import { AddWishBookmarklet } from '../components/add-wish-bookmarklet';
import { BlockedUsersList } from '../components/blocked-users-list';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { PushNotificationsSwitch } from '../components/push-notifications-switch';
import { SettingSwitch } from '../components/setting-switch';
import { SignInMethodsList } from '../components/sign-in-methods-list';
import { notificationDestination, notificationNoun } from '../lib/settings-text';

/** The settings and the sign-in methods list below them load together. */
export function settingsLoader() {
  return loadSignedInQueries(settingsOptions, signInMethodsOptions);
}

/**
 * Settings (/settings; architecture.md section 11, issue 6 item 10): notifications of gifts and of messages (said
 * where they go), whether fans may message the creator after a gift, showing the balance on the profile,
 * signing out everywhere and deleting the account.
 */
export function SettingsPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 8 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2 }}>
            Settings
          </Typography>
          <ServerSettings />
          <Section title="Stream overlay" detail="Show gifts, tips, a goal and top gifters on your live stream.">
            <Button component={Link} to="/settings/overlay" variant="outlined" color="inherit" sx={{ mt: 1.5 }}>
              Overlay settings
            </Button>
          </Section>
          <Section
            title="Add wishes from any store"
            detail="Drag this button to your bookmarks bar. On a product page in any online store, click it to make a wish of that product."
          >
            <AddWishBookmarklet />
          </Section>
          <Section title="Balance">
            <ShowBalanceSwitch />
          </Section>
          <Section title="Sign-in methods" detail="Ways to sign in to this account.">
            <SignInMethodsList />
          </Section>
          <Section title="Blocked users" detail="They cannot message you or start a conversation with you.">
            <BlockedUsersList />
          </Section>
          <Section title="Webhooks" detail="Send your gifts, tips and messages to Discord, Zapier or your own site.">
            <Button component={Link} to="/settings/webhooks" variant="outlined" color="inherit" sx={{ mt: 1.5 }}>
              Manage webhooks
            </Button>
          </Section>
          <AccountSection />
        </Box>
      </RequireSignIn>
    </>
  );
}

function Section({ title, detail, children }: { title: string; detail?: string; children: ReactNode }) {
  const headingId = `settings-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {detail}
        </Typography>
      )}
      <Divider sx={{ mt: 1 }} />
      {children}
    </Box>
  );
}

/** The settings kept on the server: notifications and messages from fans. */
function ServerSettings() {
  const { me } = useMe();
  const settings = useSettings();
  const update = useUpdateSettings();

  if (settings.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading settings" />
      </Box>
    );
  }
  if (settings.isError) {
    return (
      <Typography color="error" sx={{ py: 2 }}>
        Something went wrong. Your settings could not be loaded.
      </Typography>
    );
  }

  const values: Settings = settings.data;
  const noun = notificationNoun(values.notificationChannel);
  const change = (next: UpdateSettingsInput) =>
    update.mutate(next, { onError: () => notify(SETTINGS_MESSAGES.saveFailed) });

  return (
    <>
      <Section
        title="Notifications"
        detail={`Sent ${notificationDestination(values.notificationChannel, {
          phoneNumber: me?.phoneNumber ?? null,
          email: me?.email ?? null,
        })}, the way you sign in.`}
      >
        <SettingSwitch
          label="Gifts and tips"
          description={`${noun} when someone sends you a gift or a tip.`}
          isOn={values.notifyGifts}
          onChange={(isOn) => change({ notifyGifts: isOn })}
        />
        <SettingSwitch
          label="Messages"
          description={`${noun} when a message arrives in a conversation you do not have open, at most one every ${MESSAGE_NOTIFICATION_INTERVAL_MINUTES} minutes per conversation.`}
          isOn={values.notifyMessages}
          onChange={(isOn) => change({ notifyMessages: isOn })}
        />
        <PushNotificationsSwitch />
      </Section>
      <Section title="Fan interactions">
        <SettingSwitch
          label="Fans can message me"
          description="Fans who send you a gift or a tip may write to you in its conversation. When this is off, they see their purchase and a line saying you have turned messages off."
          isOn={values.fansCanMessage}
          onChange={(isOn) => change({ fansCanMessage: isOn })}
        />
      </Section>
    </>
  );
}

/** The show-money flag (product.md section 3): kept on this device, shown by default. */
function ShowBalanceSwitch() {
  const [isShown, setIsShown] = useShowMoney();
  return (
    <SettingSwitch
      label="Show my balance"
      description="Your balance on your own profile, seen only by you. Remembered on this device."
      isOn={isShown}
      onChange={setIsShown}
    />
  );
}

function AccountSection() {
  const [isSigningOut, setIsSigningOut] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  const signOut = async () => {
    setIsSigningOut(true);
    try {
      await signOutEverywhere();
      void leaveAfterSessionEnded();
    } catch {
      notify('Could not sign you out everywhere. Try again.');
      setIsSigningOut(false);
    }
  };

  return (
    <Section title="Account">
      <AccountAction description="Ends your sessions on every device, this one included.">
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => void signOut()}
          disabled={isSigningOut}
          sx={{ minWidth: 190 }}
        >
          {isSigningOut ? (
            <CircularProgress size={22} color="inherit" aria-label="Signing out" />
          ) : (
            'Sign out everywhere'
          )}
        </Button>
      </AccountAction>
      <AccountAction description="Removes your profile and personal data; records of payments are kept. Withdraw your balance first.">
        <Button variant="outlined" color="error" onClick={() => setIsDeleteOpen(true)} sx={{ minWidth: 190 }}>
          Delete account
        </Button>
      </AccountAction>
      <DeleteAccountDialog isOpen={isDeleteOpen} onClose={() => setIsDeleteOpen(false)} />
    </Section>
  );
}

function AccountAction({ description, children }: { description: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: { xs: 1, sm: 2 },
        py: 1.5,
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {description}
      </Typography>
      {children}
    </Box>
  );
}
