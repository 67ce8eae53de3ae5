import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

/** The create form's group gift switch (decision 033): many fans fund one wish; it cannot change later. */
export function GroupGiftSwitch(props: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={props.checked}
            onChange={(event) => props.onChange(event.target.checked)}
            disabled={props.disabled}
          />
        }
        label="Group Gift"
      />
      <Typography variant="body2" color="text.secondary">
        Fans chip in together; you receive it once it is fully funded. This cannot be changed later.
      </Typography>
    </Stack>
  );
}
