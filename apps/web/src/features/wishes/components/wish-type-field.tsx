import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { WishType } from '@sweetwish/shared/wishes';
import { WISH_TYPE_LABELS } from '../lib/wish-form';

/**
 * The wish type on "Create Your Wish" (decision 034): a single wish, bought once or over and over, or a
 * subscription, whose price is charged every month. It cannot change later (the edit screen's chip).
 */
export function WishTypeField(props: { value: WishType; onChange: (type: WishType) => void; disabled?: boolean }) {
  return (
    <Stack spacing={1}>
      <Typography id="wish-type-label" variant="body2" color="text.secondary">
        Wish Type
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        aria-labelledby="wish-type-label"
        value={props.value}
        disabled={props.disabled}
        onChange={(_event, type: WishType | null) => {
          if (type) props.onChange(type);
        }}
      >
        <ToggleButton value="standard">{WISH_TYPE_LABELS.standard}</ToggleButton>
        <ToggleButton value="subscription">{WISH_TYPE_LABELS.subscription}</ToggleButton>
      </ToggleButtonGroup>
      {props.value === 'subscription' && (
        <Typography variant="body2" color="text.secondary">
          The price is charged every month from the subscriber's wallet until they cancel.
        </Typography>
      )}
    </Stack>
  );
}
