import TextField from '@mui/material/TextField';
import { WISH_DESCRIPTION_MAX, WISH_NAME_MAX } from '@sweetwish/shared/wishes';
import { nextPriceText, priceProblem, type WishFormValues } from '../lib/wish-form';

/** Wish Name, Price and Description, shared by the create and edit screens. */
export function WishTextFields({
  values,
  onChange,
  disabled = false,
}: {
  values: WishFormValues;
  onChange: (changes: Partial<WishFormValues>) => void;
  disabled?: boolean;
}) {
  const problem = priceProblem(values.price);
  return (
    <>
      <TextField
        label="Wish Name"
        value={values.name}
        onChange={(event) => onChange({ name: event.target.value })}
        disabled={disabled}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: WISH_NAME_MAX } }}
      />
      <TextField
        label="Price"
        value={values.price}
        placeholder="0.00"
        onChange={(event) => onChange({ price: nextPriceText(event.target.value) })}
        error={Boolean(problem)}
        helperText={problem ?? ' '}
        disabled={disabled}
        required
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: { startAdornment: <span style={{ marginRight: 4 }}>$</span> },
        }}
      />
      <TextField
        label="Description"
        value={values.description}
        onChange={(event) => onChange({ description: event.target.value })}
        disabled={disabled}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        slotProps={{ htmlInput: { maxLength: WISH_DESCRIPTION_MAX } }}
      />
    </>
  );
}
