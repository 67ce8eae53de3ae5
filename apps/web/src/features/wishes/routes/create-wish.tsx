import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { repeatPurchaseText, WishFields, type WishType } from '@sweetwish/shared/wishes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import type { CroppedImage } from '../../../lib/image-processing';
import { loadQueries } from '../../../lib/route-loader';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { useMe } from '../../../lib/session';
import { createWish } from '../api/wish-calls';
import { GroupGiftSwitch } from '../components/group-gift-switch';
import { PriceShareLine } from '../components/price-share-line';
import { WishImageField } from '../components/wish-image-field';
import { WishTextFields } from '../components/wish-text-fields';
import { WishTypeField } from '../components/wish-type-field';
import { uploadWishImage } from '../lib/submit-image';
import { NEW_WISH_VALUES, WISH_FIELD_OF_SERVER, WISH_MESSAGES } from '../lib/wish-form';

/** Route loader: the signed-in user, whose complete profile the screen requires. */
export function createWishLoader() {
  return loadQueries();
}

/** Create Your Wish (/create, product.md section 2). */
export function CreateWishPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn requireCompleteProfile>
        <CreateWishForm />
      </RequireSignIn>
    </>
  );
}

function CreateWishForm() {
  const { me } = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm(WishFields, NEW_WISH_VALUES);
  const { isValid, isSubmitting } = form.formState;
  const [image, setImage] = useState<CroppedImage | null>(null);
  const [type, setType] = useState<WishType>('standard');
  const allowRepeatPurchases = form.watch('allowRepeatPurchases');
  // Fixed at creation, like the type (decision 033): not a field of the shared wish form.
  const [isGroupGift, setIsGroupGift] = useState(false);

  const submit = submitSchemaForm(
    form,
    async (values) => {
      const uploaded = await uploadWishImage(image);
      // A group gift is a single wish funded together; a subscription is never one.
      const groupGift = type === 'standard' && isGroupGift;
      await createWish({ ...values, type, pinned: false, isGroupGift: groupGift, ...uploaded });
      await queryClient.invalidateQueries();
      navigate(me?.handle ? `/${me.handle}` : '/home');
    },
    { failureMessage: WISH_MESSAGES.createFailed, fieldOfServer: WISH_FIELD_OF_SERVER },
  );

  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 3 }}>
        Create Your Wish
      </Typography>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <WishImageField image={image} onChange={setImage} disabled={isSubmitting} />
        <WishTextFields control={form.control} />
        <PriceShareLine control={form.control} isMonthly={type === 'subscription'} />
        <WishTypeField value={type} onChange={setType} disabled={isSubmitting} />
        {type === 'standard' && (
          <GroupGiftSwitch checked={isGroupGift} onChange={setIsGroupGift} disabled={isSubmitting} />
        )}
        <FormControlLabel
          sx={{ display: type === 'standard' && isGroupGift ? 'none' : undefined }}
          control={
            <Switch
              checked={allowRepeatPurchases}
              onChange={(event) => form.setValue('allowRepeatPurchases', event.target.checked, { shouldDirty: true })}
              disabled={isSubmitting}
            />
          }
          label="Repeated Purchases"
        />
        {type === 'subscription' && (
          <Typography variant="body2" color="text.secondary">
            {repeatPurchaseText(type, allowRepeatPurchases)}
          </Typography>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!isValid}
          loading={isSubmitting}
          sx={{ borderRadius: 999, py: 1.25 }}
        >
          Submit
        </Button>
      </Stack>
    </Box>
  );
}
