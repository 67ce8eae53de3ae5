import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import {
  currentPushSubscription,
  isPushSupported,
  subscribeThisDevice,
  unregisterPushDevice,
} from '../../../components/push/push-device';
import { notify } from '../../../lib/notification-store';
import { fetchPushEndpoints, fetchPushPublicKey, registerPushDevice } from '../api/push-calls';
import { SettingSwitch } from './setting-switch';

export const PUSH_TEXT = {
  label: 'Push notifications on this device',
  description: 'Gifts, tips and messages also appear as notifications on this device, as your texts or e-mails do.',
  denied:
    'Notifications are blocked for this site in your browser. Allow them in the browser’s site settings, then turn this on.',
  failed: 'Could not turn on push notifications on this device. Try again.',
  offFailed: 'Could not turn off push notifications on this device. Try again.',
} as const;

/**
 * How long subscribing may take once permission is given. A browser that reaches no push service (one
 * without Google's, or offline) can leave `pushManager.subscribe` unanswered for good; the switch then
 * says it failed instead of staying greyed out.
 */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 15_000;

/** `work`, or a failure once `ms` have passed without an answer. */
function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer in time')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * "Push notifications on this device" (issue 21, decision 029): on only when this browser holds a push
 * subscription the server has for this user. Permission is asked only from the switch, never on load.
 * Hidden where the browser has no web push.
 */
export function PushNotificationsSwitch() {
  const [isSupported] = useState(isPushSupported);
  const [isOn, setIsOn] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const isTouched = useRef(false);
  const [isDenied, setIsDenied] = useState(() => isSupported && Notification.permission === 'denied');

  // Whether this browser is already on (the switch is usable meanwhile: a browser may be slow to answer).
  useEffect(() => {
    if (!isSupported) return;
    let isCurrent = true;
    (async () => {
      const subscription = await currentPushSubscription();
      const endpoints = subscription ? await fetchPushEndpoints() : [];
      if (isCurrent && !isTouched.current) setIsOn(subscription !== null && endpoints.includes(subscription.endpoint));
    })().catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [isSupported]);

  if (!isSupported) return null;

  const turnOn = async () => {
    // Asked here, in the click, before anything else is awaited.
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setIsDenied(permission === 'denied');
      return;
    }
    setIsDenied(false);
    // Only the browser's answer is waited for within a time: one that comes after the switch said it failed
    // must not register the device behind the user's back.
    const subscription = await withinTime(subscribeThisDevice(await fetchPushPublicKey()), PUSH_SUBSCRIBE_TIMEOUT_MS);
    await registerPushDevice(subscription);
    setIsOn(true);
  };

  const turnOff = async () => {
    const subscription = await currentPushSubscription();
    if (subscription) {
      await unregisterPushDevice(subscription.endpoint);
      await subscription.unsubscribe();
    }
    setIsOn(false);
  };

  const change = (next: boolean) => {
    isTouched.current = true;
    setIsBusy(true);
    (next ? turnOn() : turnOff())
      .catch(() => notify(next ? PUSH_TEXT.failed : PUSH_TEXT.offFailed))
      .finally(() => setIsBusy(false));
  };

  return (
    <>
      <SettingSwitch
        label={PUSH_TEXT.label}
        description={PUSH_TEXT.description}
        isOn={isOn}
        disabled={isBusy || isDenied}
        onChange={change}
      />
      {isDenied && (
        <Typography role="status" variant="body2" color="warning.main" sx={{ pb: 1.5 }}>
          {PUSH_TEXT.denied}
        </Typography>
      )}
    </>
  );
}
