import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { repeatPurchaseText, Wish, WishFields } from '@sweetwish/shared/wishes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { isFirstHistoryEntry } from '../../../components/back-button';
import { CenteredMessage } from '../../../components/centered-message';
import { RequireSignIn } from '../../../components/require-sign-in';
import type { CroppedImage } from '../../../lib/image-processing';
import { notify } from '../../../lib/notification-store';
import { loadQueries } from '../../../lib/route-loader';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { updateWish } from '../api/wish-calls';
import { PriceShareLine } from '../components/price-share-line';
import { TakeBackSetting } from '../components/take-back-setting';
import { WishImageField } from '../components/wish-image-field';
import { WishTextFields } from '../components/wish-text-fields';
import { uploadWishImage } from '../lib/submit-image';
import { valuesOfWish, WISH_FIELD_OF_SERVER, WISH_MESSAGES, WISH_TYPE_LABELS, wishChanges } from '../lib/wish-form';

/**
 * Route loader: the signed-in user. The wish comes in navigation state, which a loader cannot read, from
 * the screen that opened this one with it.
 */
export function editWishLoader() {
  return loadQueries();
}

/** The wish the edit screen was opened with: navigation state `{ product: Wish }`. */
function wishFromState(state: unknown): Wish | null {
  const parsed = Wish.safeParse((state as { product?: unknown } | null)?.product);
  return parsed.success ? parsed.data : null;
}

/** Edit Wish (/edit, product.md section 2). Without a wish in navigation state it shows "Product does not exist." */
export function EditWishPage() {
  const location = useLocation();
  const wish = wishFromState(location.state);
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn requireCompleteProfile>
        {wish ? <EditWishForm wish={wish} /> : <CenteredMessage title={WISH_MESSAGES.missing} />}
      </RequireSignIn>
    </>
  );
}

function EditWishForm({ wish }: { wish: Wish }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm(WishFields, valuesOfWish(wish));
  const { isValid, isSubmitting } = form.formState;
  const [image, setImage] = useState<CroppedImage | null>(null);
  const allowRepeatPurchases = form.watch('allowRepeatPurchases');
  const [allowTakeBack, setAllowTakeBack] = useState(wish.allowTakeBack);

  const submit = submitSchemaForm(
    form,
    async (values) => {
      const uploaded = await uploadWishImage(image);
      const changes = { ...wishChanges(wish, values), ...uploaded };
      if (wish.isGroupGift && allowTakeBack !== wish.allowTakeBack) changes.allowTakeBack = allowTakeBack;
      if (Object.keys(changes).length > 0) await updateWish(wish.id, changes);
      notify(WISH_MESSAGES.updated, { severity: 'success' });
      await queryClient.invalidateQueries();
      if (isFirstHistoryEntry()) navigate('/home');
      else navigate(-1);
    },
    { failureMessage: WISH_MESSAGES.updateFailed, fieldOfServer: WISH_FIELD_OF_SERVER },
  );

  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 3 }}>
        Edit Wish
      </Typography>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <WishImageField currentUrl={wish.image} image={image} onChange={setImage} disabled={isSubmitting} />
        <WishTextFields control={form.control} />
        <PriceShareLine control={form.control} isMonthly={wish.type === 'subscription'} />
        <Box>
          <Chip
            label={`Wish Type: ${wish.isGroupGift ? 'Group Gift' : WISH_TYPE_LABELS[wish.type]}`}
            color="primary"
            variant="outlined"
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The wish type cannot be changed after the wish is created.
          </Typography>
        </Box>
        {wish.isGroupGift ? (
          <TakeBackSetting checked={allowTakeBack} onChange={setAllowTakeBack} disabled={isSubmitting} />
        ) : null}
        <Box sx={{ display: wish.isGroupGift ? 'none' : undefined }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={allowRepeatPurchases}
                onChange={(event) => form.setValue('allowRepeatPurchases', event.target.checked, { shouldDirty: true })}
                disabled={isSubmitting}
              />
            }
            label="Repeated Purchases"
          />
          <Typography variant="body2" color="text.secondary">
            {repeatPurchaseText(wish.type, allowRepeatPurchases)}
          </Typography>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!isValid}
          loading={isSubmitting}
          sx={{ borderRadius: 999, py: 1.25 }}
        >
          Update
        </Button>
      </Stack>
    </Box>
  );
}
