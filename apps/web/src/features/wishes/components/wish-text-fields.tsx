import { WISH_DESCRIPTION_MAX, WISH_NAME_MAX, type WishFields } from '@sweetwish/shared/wishes';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { nextPriceText, type WishFormValues } from '../lib/wish-form';

/** Wish Name, Price and Description of the wish form (WishFields), shared by the create and edit screens. */
export function WishTextFields({ control }: { control: Control<WishFormValues, unknown, WishFields> }) {
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label="Wish Name"
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: WISH_NAME_MAX } }}
      />
      <FormTextField
        control={control}
        name="price"
        label="Price"
        placeholder="0.00"
        reformat={nextPriceText}
        required
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: { startAdornment: <span style={{ marginRight: 4 }}>$</span> },
        }}
      />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        helperText={null}
        slotProps={{ htmlInput: { maxLength: WISH_DESCRIPTION_MAX } }}
      />
    </>
  );
}
