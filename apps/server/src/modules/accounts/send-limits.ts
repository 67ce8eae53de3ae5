import { addressBlocks } from '../../http/address-blocks';
import type { RateLimit } from '../../http/rate-limits/service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How many sign-in codes and links may be sent, and codes checked (issue: abuse limits; decision 004).
 * "Ip" counts one address (an IPv6 /64), "Range" its network (IPv4 /24, IPv6 /48). Refusals send nothing.
 */
export const SEND_LIMITS = {
  perDestinationPerHour: 5,
  perDestinationPerDay: 10,
  perIpPerHour: 20,
  perIpPerDay: 50,
  perRangePerHour: 60,
  perRangePerDay: 150,
  perChannelPerDay: 5000,
  /**
   * Sends are abnormal, and need a solved proof-of-work challenge, past these: one range's sends in an
   * hour, or all sends of a channel in an hour (an even day at the daily cap is about 210 an hour).
   */
  unchallengedPerRangePerHour: 5,
  unchallengedPerChannelPerHour: 200,
  /** Codes and links checked from one address or range (the per-code limit is CODE_ATTEMPTS). */
  verifyPerIpPerHour: 30,
  verifyPerRangePerHour: 100,
  /**
   * The challenge's work: PBKDF2-SHA-256 derivations of `cost` iterations, tried one after another until
   * the counter the server picked (between the two bounds) is found. About 0.3 s in Node on one core
   * (1,500 derivations on average); a few times that on a slow phone. Heavier work stops being invisible.
   */
  challenge: { cost: 100, counterMin: 500, counterMax: 2500 },
};
export type SendLimits = typeof SEND_LIMITS;

/** The answer when a send needs a solved challenge first (the web app solves it without asking anyone). */
export const CHALLENGE_MESSAGE = 'Sign-in is busy: your browser needs to solve a quick check first.';

const NETWORK_HOUR = 'Too many sign-in attempts from your network. Try again in an hour.';
const NETWORK_DAY = 'Too many sign-in attempts from your network today. Try again tomorrow.';

/** The limits one send of a sign-in code (SMS) or link (e-mail) must fit in, challenge or not. */
export function sendLimitsFor(
  channel: 'sms' | 'email',
  destination: string,
  ip: string,
  limits: SendLimits = SEND_LIMITS,
): RateLimit[] {
  const what = channel === 'sms' ? 'sign-in codes for this number' : 'sign-in links for this address';
  const { address, range } = addressBlocks(ip);
  return [
    {
      key: `${channel}:to:${destination.toLowerCase()}`,
      limit: limits.perDestinationPerHour,
      windowMs: HOUR,
      message: `Too many ${what}. Try again in an hour.`,
    },
    {
      key: `${channel}:to:${destination.toLowerCase()}`,
      limit: limits.perDestinationPerDay,
      windowMs: DAY,
      message: `Too many ${what} today. Try again tomorrow.`,
    },
    { key: `signin:ip:${address}`, limit: limits.perIpPerHour, windowMs: HOUR, message: NETWORK_HOUR },
    { key: `signin:ip:${address}`, limit: limits.perIpPerDay, windowMs: DAY, message: NETWORK_DAY },
    { key: `signin:range:${range}`, limit: limits.perRangePerHour, windowMs: HOUR, message: NETWORK_HOUR },
    { key: `signin:range:${range}`, limit: limits.perRangePerDay, windowMs: DAY, message: NETWORK_DAY },
    {
      key: `${channel}:all`,
      limit: limits.perChannelPerDay,
      windowMs: DAY,
      message: 'Sign-in is very busy right now. Please try again later.',
    },
  ];
}

/** What a send without a solved challenge also counts against; a full one means "solve a challenge". */
export function unchallengedSendLimitsFor(
  channel: 'sms' | 'email',
  ip: string,
  limits: SendLimits = SEND_LIMITS,
): RateLimit[] {
  const { range } = addressBlocks(ip);
  return [
    {
      key: `signin:unchallenged:range:${range}`,
      limit: limits.unchallengedPerRangePerHour,
      windowMs: HOUR,
      message: CHALLENGE_MESSAGE,
    },
    {
      key: `${channel}:unchallenged:all`,
      limit: limits.unchallengedPerChannelPerHour,
      windowMs: HOUR,
      message: CHALLENGE_MESSAGE,
    },
  ];
}

/** The limits one check of a code or link must fit in, per address and range. */
export function verifyLimitsFor(ip: string, limits: SendLimits = SEND_LIMITS): RateLimit[] {
  const { address, range } = addressBlocks(ip);
  return [
    { key: `verify:ip:${address}`, limit: limits.verifyPerIpPerHour, windowMs: HOUR, message: NETWORK_HOUR },
    { key: `verify:range:${range}`, limit: limits.verifyPerRangePerHour, windowMs: HOUR, message: NETWORK_HOUR },
  ];
}
