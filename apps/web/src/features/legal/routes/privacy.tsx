import { COMPANY_NAME, MINIMUM_AGE, PRODUCT_NAME, SUPPORT_EMAIL } from '@sweetwish/shared/brand';
import { FINANCIAL_RECORDS_YEARS } from '@sweetwish/shared/fees';
import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page';
import { LegalSection } from '../components/legal-section';

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lead={
        <>
          <p>
            This policy explains what {COMPANY_NAME} collects when you use {PRODUCT_NAME}, why, who else sees it and
            what you can do about it.
          </p>
          <p>
            <strong>The short version:</strong> we collect what is needed to run your account, wishlist, gifts and
            messages. We never see or store card numbers: payment and personal financial data are held by our payment
            provider. We do not sell your data and we use no advertising trackers.
          </p>
        </>
      }
    >
      <LegalSection id="collect" title="1. What we collect">
        <ul>
          <li>
            <strong>Sign-in details:</strong> your phone number or e-mail address, depending on how you sign in. If you
            use Google or Apple, we receive the name and e-mail address they share with us.
          </li>
          <li>
            <strong>Profile:</strong> your handle, display name, profile photo, banner, about text and links. These are
            public.
          </li>
          <li>
            <strong>Wishes:</strong> names, prices, images and descriptions of the wishes you list, and whether they are
            pinned, archived or purchased.
          </li>
          <li>
            <strong>Messages:</strong> the text and images you send in conversations, and your reactions.
          </li>
          <li>
            <strong>Purchases and balance:</strong> the wishes you buy and the tips you send or receive, with amounts
            and dates, your token balance, your withdrawals, and the affiliate who invited you, if any.
          </li>
          <li>
            <strong>Technical data:</strong> basic request logs (such as IP address, browser and time) and reports of
            errors in the app, used to keep the service secure and fix problems.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="not-collected" title="2. What we do not collect">
        <p>
          <strong>We never see or store card numbers.</strong> Token purchases go through a card checkout run by our
          payment provider, and payout accounts are set up with the same provider. Payment and personal financial data,
          such as card numbers, bank account details and identity checks for payouts, are held by the payment provider,
          not by us. We only learn whether a payment or payout succeeded, its amount and whether a payout account is
          ready.
        </p>
      </LegalSection>

      <LegalSection id="use" title="3. How we use your data">
        <ul>
          <li>To run your account, show your public profile and wishlist, and deliver gifts, tips and messages.</li>
          <li>To keep your token balance, fees and withdrawals accurate.</li>
          <li>To send sign-in codes and links, and to notify you through the sign-in method you use.</li>
          <li>
            To prevent fraud, chargeback abuse and breaches of our <Link to="/terms-of-service">Terms of Service</Link>.
          </li>
          <li>To answer you when you contact support, and to meet our legal obligations.</li>
        </ul>
        <p>We do not use your data for advertising, and we do not sell it.</p>
      </LegalSection>

      <LegalSection id="hosting" title="4. Where your data is stored">
        <p>
          Our data is hosted on a cloud provider, which stores and processes it on our behalf and may not use it for its
          own purposes. Connections to {PRODUCT_NAME} are encrypted. Payment data stays with our payment provider, as
          described above.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="5. Cookies and local storage">
        <p>
          We use one cookie: the session cookie that keeps you signed in. There are no advertising trackers, no
          third-party analytics and no social-media pixels.
        </p>
        <p>
          The app also keeps a few small settings in your browser’s local storage, which never leave your device: your
          recent searches, whether your balance is shown or hidden, whether you accepted the terms, the time of your
          last visit (so the welcome animation plays only once) and the e-mail address waiting for a sign-in link.
          Signing out clears them.
        </p>
      </LegalSection>

      <LegalSection id="sharing" title="6. Who we share data with">
        <ul>
          <li>
            <strong>Other users:</strong> your public profile and wishes are visible to everyone. Conversations are seen
            only by their two participants. If you gift anonymously, the recipient sees “Anonymous” instead of your
            profile.
          </li>
          <li>
            <strong>Our payment provider:</strong> what it needs to run checkouts, payouts and fraud checks.
          </li>
          <li>
            <strong>Our cloud provider</strong>, and the services that deliver sign-in text messages and e-mails, or
            Google and Apple if you sign in with them.
          </li>
          <li>
            <strong>Authorities:</strong> when the law requires it, or to protect someone from serious harm.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="retention" title="7. How long we keep data">
        <p>
          We keep your data while your account is open. Financial records (token purchases, gifts, tips, fees,
          withdrawals and chargebacks) are kept for at least <strong>{FINANCIAL_RECORDS_YEARS} years</strong>, as the
          law requires.
        </p>
        <p>
          When you delete your account, we remove your personal data: your sign-in details, profile, wishes, messages
          and images. The ledger records of your transactions stay for the period above, no longer linked to a public
          profile.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="8. Your rights">
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>tell you what data we hold about you and give you a copy;</li>
          <li>correct data that is wrong (most of your profile you can edit yourself);</li>
          <li>delete your account and personal data, subject to the records we must keep;</li>
          <li>stop a particular use of your data you object to.</li>
        </ul>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We may ask you to confirm the request
          through your sign-in method so that nobody else can make it for you. You may also complain to your local data
          protection authority.
        </p>
      </LegalSection>

      <LegalSection id="age" title="9. Age">
        <p>
          {PRODUCT_NAME} is only for people aged {MINIMUM_AGE} or over. We do not knowingly collect data from anyone
          younger, and we delete accounts that we learn belong to someone under {MINIMUM_AGE}.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="10. Changes to this policy">
        <p>
          When we change this policy, we update the date at the top of this page, and for important changes we let you
          know through your sign-in method before they apply.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="11. Contact">
        <p>
          {COMPANY_NAME} is responsible for your data on {PRODUCT_NAME}. Privacy questions and requests go to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. For help with your account, see{' '}
          <Link to="/support">Support</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
