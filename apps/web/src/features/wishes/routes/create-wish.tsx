import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ImportedWish, sharedLink } from '@sweetwish/shared/wish-import';
import { repeatPurchaseText, WishFields, type WishType } from '@sweetwish/shared/wishes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import type { CroppedImage } from '../../../lib/image-processing';
import { loadQueries } from '../../../lib/route-loader';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { useMe } from '../../../lib/session';
import { createWish } from '../api/wish-calls';
import { GroupGiftSwitch } from '../components/group-gift-switch';
import { ImportedWishDetails } from '../components/imported-wish-details';
import { PriceShareLine } from '../components/price-share-line';
import { ProductLinkField } from '../components/product-link-field';
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
  // A store link read into the form (decision 110): its photo is already uploaded, nothing else is saved.
  const [imported, setImported] = useState<ImportedWish | null>(null);
  const [showSourceLink, setShowSourceLink] = useState(false);
  const [searchParams] = useSearchParams();
  // The share sheet (Web Share Target) and the bookmarklet open /create?url=... or ?text=...
  const [initialLink] = useState(() => sharedLink({ url: searchParams.get('url'), text: searchParams.get('text') }));
  const fillFrom = (read: ImportedWish) => {
    setImported(read);
    setImage(null);
    const set = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue('name', read.name, set);
    form.setValue('description', read.description, set);
    form.setValue('price', read.cost === null ? '' : read.cost.toLocaleString('en-US'), set);
  };

  const submit = submitSchemaForm(
    form,
    async (values) => {
      const storeImage = imported?.image && { image: imported.image.url, blurhash: imported.image.blurhash };
      const uploaded = image || !storeImage ? await uploadWishImage(image) : storeImage;
      const source = imported && { sourceUrl: imported.sourceUrl, showSourceLink };
      // A group gift is a single wish funded together; a subscription is never one.
      const groupGift = type === 'standard' && isGroupGift;
      await createWish({ ...values, type, pinned: false, isGroupGift: groupGift, ...uploaded, ...source });
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
        <ProductLinkField initialLink={initialLink} onImported={fillFrom} disabled={isSubmitting} />
        <WishImageField
          image={image}
          currentUrl={imported?.image?.url}
          cropUrl={imported?.image?.url}
          onChange={setImage}
          disabled={isSubmitting}
        />
        <WishTextFields control={form.control} />
        <PriceShareLine control={form.control} isMonthly={type === 'subscription'} />
        {imported && (
          <ImportedWishDetails
            imported={imported}
            showSourceLink={showSourceLink}
            onShowSourceLinkChange={setShowSourceLink}
            disabled={isSubmitting}
          />
        )}
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
