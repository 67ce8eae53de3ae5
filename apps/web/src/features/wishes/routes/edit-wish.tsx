import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { repeatPurchaseText, Wish } from '@sweetwish/shared/wishes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { isFirstHistoryEntry } from '../../../components/back-button';
import { CenteredMessage } from '../../../components/centered-message';
import { notify } from '../../../components/notification-store';
import { RequireSignIn } from '../../../components/require-sign-in';
import type { CroppedImage } from '../../../lib/image-processing';
import { updateWish } from '../api/wish-calls';
import { WishImageField } from '../components/wish-image-field';
import { WishTextFields } from '../components/wish-text-fields';
import { uploadWishImage } from '../lib/submit-image';
import { canSubmitWish, valuesOfWish, WISH_MESSAGES, type WishFormValues, wishChanges } from '../lib/wish-form';

/** The wish the edit screen was opened with: navigation state `{ product: Wish }`. */
function wishFromState(state: unknown): Wish | null {
  const parsed = Wish.safeParse((state as { product?: unknown } | null)?.product);
  return parsed.success ? parsed.data : null;
}

/** Edit Wish (/edit, spec section 2). Without a wish in navigation state it shows "Product does not exist." */
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
  const [values, setValues] = useState<WishFormValues>(() => valuesOfWish(wish));
  const [image, setImage] = useState<CroppedImage | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const change = (changes: Partial<WishFormValues>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitWish(values) || isSaving) return;
    setIsSaving(true);
    try {
      const uploaded = await uploadWishImage(image);
      const changes = { ...wishChanges(wish, values), ...uploaded };
      if (Object.keys(changes).length > 0) await updateWish(wish.id, changes);
    } catch {
      notify(WISH_MESSAGES.updateFailed);
      setIsSaving(false);
      return;
    }
    notify(WISH_MESSAGES.updated, { severity: 'success' });
    await queryClient.invalidateQueries();
    if (isFirstHistoryEntry()) navigate('/home');
    else navigate(-1);
  };

  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 3 }}>
        Edit Wish
      </Typography>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <WishImageField currentUrl={wish.image} image={image} onChange={setImage} disabled={isSaving} />
        <WishTextFields values={values} onChange={change} disabled={isSaving} />
        <Box>
          <Chip label="Wish Type: Single Wish" color="primary" variant="outlined" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The wish type cannot be changed after the wish is created.
          </Typography>
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.allowRepeatPurchases}
                onChange={(event) => change({ allowRepeatPurchases: event.target.checked })}
                disabled={isSaving}
              />
            }
            label="Repeated Purchases"
          />
          <Typography variant="body2" color="text.secondary">
            {repeatPurchaseText('standard', values.allowRepeatPurchases)}
          </Typography>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!canSubmitWish(values)}
          loading={isSaving}
          sx={{ borderRadius: 999, py: 1.25 }}
        >
          Update
        </Button>
      </Stack>
    </Box>
  );
}
