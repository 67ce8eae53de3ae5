import { z } from 'zod';
import { DisplayName, Handle } from './handle';

/** Only US numbers: +1 and ten digits, the first of them 2-9 (product.md section 5, Phone). */
export const US_PHONE = /^\+1[2-9]\d{9}$/;
export const INVALID_PHONE_MESSAGE = 'Invalid phone number';

/** "202-555-0123", "(202) 555 0123" or "2025550123" as +12025550123; undefined when not a US number. */
export function toE164UsPhone(input: string): string | undefined {
  const digits = input.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const e164 = `+1${national}`;
  return US_PHONE.test(e164) ? e164 : undefined;
}

/**
 * A US number as typed ("202-555-0123"), parsed into the +1 form the send-code call takes: the rule the
 * server checks that call with (toE164UsPhone), with its message.
 */
export const UsPhoneNumber = z.string().transform((typed, ctx) => {
  const e164 = toE164UsPhone(typed);
  if (!e164) ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
  return e164 ?? z.NEVER;
});

/** The phone sign-in's first step (POST /api/auth/phone-number/send-otp). */
export const SendPhoneCodeInput = z.object({ phoneNumber: UsPhoneNumber });

/** The length of the code sent by SMS (the server's `otpLength`). */
export const SMS_CODE_LENGTH = 6;

/** The phone sign-in's second step (POST /api/auth/phone-number/verify): the code, trimmed (product.md section 5). */
export const VerifyPhoneCodeInput = z.object({
  phoneNumber: z.string().regex(US_PHONE, INVALID_PHONE_MESSAGE),
  code: z.string().trim().length(SMS_CODE_LENGTH, `Enter the ${SMS_CODE_LENGTH}-digit code`),
});

export const SocialProvider = z.enum(['google', 'apple']);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** What the web app may know about the server's set-up, for showing the right sign-in options. */
export const PublicConfig = z
  .object({
    previewEmail: z.string().nullable(),
    socialProviders: z.array(SocialProvider),
    hasOutbox: z.boolean(),
    /** Cards and payouts go to the local card sandbox: its debug page (/test) is offered. */
    hasCardSandbox: z.boolean(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof PublicConfig>;

/** The signed-in user as the web app sees them. */
/** One way a user can sign in (settings): a phone code, an e-mail link, or a linked Google or Apple account. */
export const SignInMethod = z
  .object({
    kind: z.enum(['phone', 'email', 'google', 'apple']),
    /** The number, the address, or the provider account's address. */
    detail: z.string().nullable(),
    /** Google and Apple can be removed while another method remains; phone and e-mail stay. */
    isRemovable: z.boolean(),
  })
  .meta({ id: 'SignInMethod' });
export type SignInMethod = z.infer<typeof SignInMethod>;

export const SignInMethods = z
  .object({
    methods: z.array(SignInMethod),
    /** Providers set up on this server and not linked yet. */
    linkable: z.array(SocialProvider),
  })
  .meta({ id: 'SignInMethods' });
export type SignInMethods = z.infer<typeof SignInMethods>;

export const Me = z
  .object({
    id: z.string(),
    handle: z.string().nullable(),
    displayName: z.string().nullable(),
    photoUrl: z.string().nullable(),
    /** E.164, when the user signed in by phone. */
    phoneNumber: z.string().nullable(),
    /** Only a real address: none for phone-only users. */
    email: z.string().nullable(),
    isProfileComplete: z.boolean(),
    /** The name Google or Apple gave at sign-up, offered on the complete-profile screen when it is a valid display name. */
    suggestedDisplayName: z.string().optional(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

export const HandleAvailabilityQuery = z.object({ handle: Handle });
export const HandleAvailability = z
  .object({ handle: z.string(), isAvailable: z.boolean() })
  .meta({ id: 'HandleAvailability' });
export type HandleAvailability = z.infer<typeof HandleAvailability>;

export const CompleteProfileInput = z
  .object({
    handle: Handle,
    displayName: DisplayName,
    /** The code of the invite link that brought the user in, if any. */
    affiliate: z.string().trim().max(64).optional(),
  })
  .meta({ id: 'CompleteProfileInput' });
export type CompleteProfileInput = z.infer<typeof CompleteProfileInput>;

export const SetHandleInput = z.object({ handle: Handle }).meta({ id: 'SetHandleInput' });
export type SetHandleInput = z.infer<typeof SetHandleInput>;

/** The inviter an affiliate code resolves to, shown on the sign-in screen as "Invited by". */
export const Inviter = z
  .object({ id: z.string(), handle: z.string(), displayName: z.string(), photoUrl: z.string().nullable() })
  .meta({ id: 'Inviter' });
export type Inviter = z.infer<typeof Inviter>;

/** The address an e-mail sign-in goes to: non-empty once trimmed (product.md section 5, Sign-in e-mail). */
const SignInEmail = z.string().trim().min(1, 'Email is required');

export const PreviewSignInInput = z.object({ email: SignInEmail });

/** Sending a sign-in link (POST /api/auth/sign-in/magic-link; the server checks the address the same way). */
export const SendEmailLinkInput = z.object({ email: SignInEmail.max(320) });

/** What the app's /email page posts to complete an e-mail link sign-in (the token from the link). */
export const EmailLinkVerifyInput = z.object({
  token: z.string().min(1).max(256),
  email: SignInEmail.max(320),
});
export type EmailLinkVerifyInput = z.infer<typeof EmailLinkVerifyInput>;

export const OutboxMessage = z
  .object({
    channel: z.enum(['sms', 'email']),
    to: z.string(),
    subject: z.string().nullable(),
    text: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxList = z.array(OutboxMessage);
