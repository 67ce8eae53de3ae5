import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ImportedWish } from '@sweetwish/shared/wish-import';

/**
 * What Create wish adds once a store link was read (product.md section 2): the store's own price when it is
 * not in US dollars (the creator sets the price in tokens), and whether fans see "See it in the store".
 */
export function ImportedWishDetails({
  imported,
  showSourceLink,
  onShowSourceLinkChange,
  disabled = false,
}: {
  imported: ImportedWish;
  showSourceLink: boolean;
  onShowSourceLinkChange: (show: boolean) => void;
  disabled?: boolean;
}) {
  const { storePrice } = imported;
  return (
    <>
      {imported.cost === null && storePrice && (
        <Typography variant="body2" color="text.secondary" data-testid="store-price">
          Store price: {storePrice.amount} {storePrice.currency}. Set the price in tokens (1 token = US$1).
        </Typography>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={showSourceLink}
            onChange={(event) => onShowSourceLinkChange(event.target.checked)}
            disabled={disabled}
          />
        }
        label="Show “See it in the store” on the wish page"
      />
    </>
  );
}
