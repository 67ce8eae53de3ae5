import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';

/** A group gift's setting (decision 033): whether contributors may take their tokens back while unfunded. */
export function TakeBackSetting(props: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={props.checked}
            onChange={(event) => props.onChange(event.target.checked)}
            disabled={props.disabled}
          />
        }
        label="Allow Take-Backs"
      />
      <Typography variant="body2" color="text.secondary">
        {props.checked
          ? 'Fans can take their contribution back until the wish is fully funded.'
          : 'Contributions stay in until the wish is fully funded or you archive it.'}
      </Typography>
    </Box>
  );
}
