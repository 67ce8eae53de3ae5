import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { parsePrice } from '@sweetwish/shared/wishes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { notify } from '../../../components/notification-store';
import { RequireSignIn } from '../../../components/require-sign-in';
import type { CroppedImage } from '../../../lib/image-processing';
import { useMe } from '../../../lib/session';
import { createWish } from '../api/wish-calls';
import { WishImageField } from '../components/wish-image-field';
import { WishTextFields } from '../components/wish-text-fields';
import { uploadWishImage } from '../lib/submit-image';
import { canSubmitWish, WISH_MESSAGES, type WishFormValues } from '../lib/wish-form';

/** Create Your Wish (/create, spec section 2). */
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
  const [values, setValues] = useState<WishFormValues>({
    name: '',
    price: '',
    description: '',
    allowRepeatPurchases: true,
  });
  const [image, setImage] = useState<CroppedImage | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const change = (changes: Partial<WishFormValues>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePrice(values.price);
    if (!canSubmitWish(values) || !('cost' in parsed) || isSaving) return;
    setIsSaving(true);
    try {
      const uploaded = await uploadWishImage(image);
      await createWish({
        name: values.name.trim(),
        cost: parsed.cost,
        description: values.description,
        type: 'standard',
        allowRepeatPurchases: values.allowRepeatPurchases,
        pinned: false,
        ...uploaded,
      });
    } catch {
      notify(WISH_MESSAGES.createFailed);
      setIsSaving(false);
      return;
    }
    await queryClient.invalidateQueries();
    navigate(me?.handle ? `/${me.handle}` : '/home');
  };

  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 3 }}>
        Create Your Wish
      </Typography>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <WishImageField image={image} onChange={setImage} disabled={isSaving} />
        <WishTextFields values={values} onChange={change} disabled={isSaving} />
        <FormControlLabel
          control={
            <Switch
              checked={values.allowRepeatPurchases}
              onChange={(event) => change({ allowRepeatPurchases: event.target.checked })}
              disabled={isSaving}
            />
          }
          label="Repeated Purchases"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!canSubmitWish(values)}
          loading={isSaving}
          sx={{ borderRadius: 999, py: 1.25 }}
        >
          Submit
        </Button>
      </Stack>
    </Box>
  );
}
