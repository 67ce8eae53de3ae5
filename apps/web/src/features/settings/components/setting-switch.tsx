import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** One setting: its name, a line saying what it does, and its switch (named by the setting's name). */
export function SettingSwitch({
  label,
  description,
  isOn,
  disabled = false,
  onChange,
}: {
  label: string;
  description: string;
  isOn: boolean;
  disabled?: boolean;
  onChange: (isOn: boolean) => void;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={labelId} sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography id={descriptionId} variant="body2" color="text.secondary">
          {description}
        </Typography>
      </Box>
      <Switch
        checked={isOn}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId } }}
      />
    </Box>
  );
}
