import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { GiftMessageInput } from '../../../components/wallet/gift-message-input';

/**
 * What a signed-in fan adds to a purchase under Buy (product.md sections 2 and 4): a message for the creator
 * (not on a subscription) and "Gift anonymously". A file of its own, loaded when a signed-in fan views a
 * wish: the page a signed-out fan lands on, drawn by the server, needs no form control (decision 081).
 */
export function BuyOptions({
  hasMessage,
  message,
  onMessageChange,
  isAnonymous,
  onAnonymousChange,
  disabled,
}: {
  hasMessage: boolean;
  message: string;
  onMessageChange: (text: string) => void;
  isAnonymous: boolean;
  onAnonymousChange: (isAnonymous: boolean) => void;
  disabled: boolean;
}) {
  return (
    <>
      {hasMessage && <GiftMessageInput value={message} onChange={onMessageChange} disabled={disabled} />}
      <FormControlLabel
        sx={{ alignSelf: 'center' }}
        control={
          <Checkbox
            checked={isAnonymous}
            onChange={(event) => onAnonymousChange(event.target.checked)}
            disabled={disabled}
          />
        }
        label="Gift anonymously"
      />
    </>
  );
}
