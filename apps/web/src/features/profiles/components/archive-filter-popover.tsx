import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';

/** The owner's filter popover with "Show Archived Items" (product.md section 4, Wishlist filter). */
export function ArchiveFilterPopover({
  anchor,
  isOn,
  onChange,
  onClose,
}: {
  anchor: HTMLElement | null;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  onClose: () => void;
}) {
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <FormControlLabel
          control={<Switch checked={isOn} onChange={(event) => onChange(event.target.checked)} />}
          label="Show Archived Items"
        />
      </Box>
    </Popover>
  );
}
