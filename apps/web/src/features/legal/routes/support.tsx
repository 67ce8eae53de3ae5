import { PRODUCT_NAME, SUPPORT_EMAIL } from '@sweetwish/shared/brand';
import {
  FEE_RATES,
  FINANCIAL_RECORDS_YEARS,
  formatRate,
  MIN_WITHDRAWAL_TOKENS,
  WITHDRAWAL_ARRIVAL_BUSINESS_DAYS,
  WITHDRAWAL_PROCESSING_BUSINESS_DAYS,
} from '@sweetwish/shared/fees';
import { Link } from 'react-router';
import { ContactCard } from '../components/contact-card';
import { FaqItem } from '../components/faq-item';
import { LegalPage } from '../components/legal-page';
import { LegalSection } from '../components/legal-section';

const TOP_UP_FEE_CAP_DOLLARS = FEE_RATES.topUpServiceFeeCapCents / 100;
const mailto = `mailto:${SUPPORT_EMAIL}`;

export function SupportPage() {
  return (
    <LegalPage
      title="Support"
      lead={
        <p>
          Stuck signing in, missing a withdrawal, or worried about someone’s behaviour? Most answers are below. If yours
          is not, write to us: a person on the {PRODUCT_NAME} team reads every message.
        </p>
      }
    >
      <LegalSection id="contact" title="Contact us">
        <ContactCard />
        <p>
          Write from the e-mail address on your account if you have one, and include your @handle, so we can find you
          quickly. Never send us your card number: we do not need it and never store it.
        </p>
      </LegalSection>

      <LegalSection id="faq" title="Frequently asked questions">
        <FaqItem question="I can’t access my account. What can I do?">
          <p>
            Sign in with the same method you used when you joined: the same phone number, e-mail address, Google account
            or Apple account. Each method leads to its own account, so a different one will start a new, empty account.
          </p>
          <ul>
            <li>No text message? Check the number, wait a minute and ask for a new code.</li>
            <li>No e-mail? Look in your spam folder; each sign-in link works once, so use the newest one.</li>
            <li>
              Opened {PRODUCT_NAME} inside a social app? Open it in your phone’s regular browser: sign-in is blocked in
              some in-app browsers to keep your account safe.
            </li>
          </ul>
          <p>
            Still locked out? E-mail <a href={mailto}>{SUPPORT_EMAIL}</a> with your @handle and how you usually sign in.
          </p>
        </FaqItem>

        <FaqItem question="How do tokens work, and what are the fees?">
          <p>
            Tokens are the money of {PRODUCT_NAME}: one token is one US dollar. You buy them in advance through a card
            checkout run by our payment provider, then spend them on wishes and tips. A service fee of{' '}
            {formatRate(FEE_RATES.topUpServiceFeeBps)} is added to each token purchase, never more than $
            {TOP_UP_FEE_CAP_DOLLARS}.
          </p>
          <p>
            Of every gift or tip, the recipient receives {formatRate(FEE_RATES.recipientBps)}, the platform fee is{' '}
            {formatRate(FEE_RATES.platformFeeBps)} and {formatRate(FEE_RATES.processingBps)} covers payment processing.
            Tokens are non-refundable except where the law requires it. The details are in the{' '}
            <Link to="/terms-of-service#fees">fees section of our Terms of Service</Link>.
          </p>
        </FaqItem>

        <FaqItem question="When will my withdrawal arrive?">
          <p>
            We process withdrawals within {WITHDRAWAL_PROCESSING_BUSINESS_DAYS} U.S. business days, and the money
            typically reaches your bank within {WITHDRAWAL_ARRIVAL_BUSINESS_DAYS} business days. Weekends and bank
            holidays do not count.
          </p>
          <p>
            You need a payout account connected through our payment provider (set it up from your Balance page), and the
            minimum withdrawal is ${MIN_WITHDRAWAL_TOKENS}. If a withdrawal is late, check that your payout account has
            no outstanding requests from the provider, then e-mail us.
          </p>
        </FaqItem>

        <FaqItem question="Can I send a gift anonymously?">
          <p>
            Yes. Fans can gift anonymously: the creator sees the gift, and any messages you send with it, labelled
            Anonymous instead of your profile. Keep in mind that what you write in a message can still give you away.
          </p>
        </FaqItem>

        <FaqItem question="How do I report a user?">
          <p>
            E-mail <a href={mailto}>{SUPPORT_EMAIL}</a> with the person’s @handle, a link to their profile or wish, what
            happened and, if you can, screenshots. We review every report and may remove content or suspend the account.
            Creators can also choose who may message them.
          </p>
          <p>If you are in danger, contact your local emergency services first.</p>
        </FaqItem>

        <FaqItem question="How do I delete my account?">
          <p>
            Withdraw any balance you want to keep first, then e-mail <a href={mailto}>{SUPPORT_EMAIL}</a> with your
            @handle. We confirm the request through your sign-in method and then delete your personal data: profile,
            wishes, messages and images. Records of payments and withdrawals are kept for {FINANCIAL_RECORDS_YEARS}{' '}
            years, as the law requires; our <Link to="/privacy">Privacy Policy</Link> explains why.
          </p>
        </FaqItem>

        <FaqItem question="My card payment failed. What should I do?">
          <p>
            Card checkout is run by our payment provider, so we never see your card details. When a payment fails, no
            tokens are added and you are not charged; your bank may show a temporary hold that disappears on its own.
          </p>
          <ul>
            <li>Check the card number, expiry date, security code and billing ZIP code.</li>
            <li>Your bank may have blocked the payment: approve it in your banking app, or call the bank.</li>
            <li>Try again, or use another card.</li>
          </ul>
          <p>
            If you were charged but the tokens did not appear, e-mail <a href={mailto}>{SUPPORT_EMAIL}</a> with the
            date, the amount and the e-mail on your receipt.
          </p>
        </FaqItem>
      </LegalSection>

      <LegalSection id="policies" title="Policies">
        <ul>
          <li>
            <Link to="/terms-of-service">Terms of Service</Link>: who can use {PRODUCT_NAME}, tokens, fees, withdrawals
            and the rules.
          </li>
          <li>
            <Link to="/privacy">Privacy Policy</Link>: what we collect, what we never collect and your rights.
          </li>
        </ul>
      </LegalSection>
    </LegalPage>
  );
}
