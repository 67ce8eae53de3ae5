import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { WEBHOOK_EVENT_TYPES, WebhookEndpointInput, type WebhookEventType } from '@sweetwish/shared/webhooks';
import { useController } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { EVENT_LABELS } from './event-labels';

export const ENDPOINT_FORM_TEXT = {
  url: 'Endpoint address',
  urlHelp: 'An https:// address of your server, Zapier or a Discord bridge.',
  localHttpHelp: 'This test server also takes http:// addresses on this machine or its network.',
  events: 'Send these events',
  failed: 'The endpoint could not be saved. Please try again.',
} as const;

/**
 * Adding or editing an endpoint (decision 030): its address and events, checked with the server's own
 * schema as the user types; the server's refusals (a private address, five endpoints) land on the field.
 * The help says what the server takes: https only, or local http too on a test server (`acceptsLocalHttp`).
 */
export function EndpointForm({
  initial = { url: '', events: ['gift.received', 'tip.received'] },
  submitLabel,
  onSubmit,
  onCancel,
  acceptsLocalHttp,
}: {
  acceptsLocalHttp: boolean;
  initial?: WebhookEndpointInput;
  submitLabel: string;
  onSubmit: (values: WebhookEndpointInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useSchemaForm(WebhookEndpointInput, initial);
  const { isSubmitting } = form.formState;
  const events = useController({ control: form.control, name: 'events' });
  const chosen = new Set<WebhookEventType>(events.field.value ?? []);
  const toggle = (type: WebhookEventType) => {
    const next = new Set(chosen);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    events.field.onChange(WEBHOOK_EVENT_TYPES.filter((t) => next.has(t)));
  };
  const save = submitSchemaForm(form, (values) => onSubmit(values), { failureMessage: ENDPOINT_FORM_TEXT.failed });

  return (
    <Box component="form" onSubmit={save} noValidate sx={{ mt: 2 }}>
      <FormTextField
        control={form.control}
        name="url"
        label={ENDPOINT_FORM_TEXT.url}
        placeholder="https://example.com/webhooks/sweetwish"
        helperText={
          acceptsLocalHttp
            ? `${ENDPOINT_FORM_TEXT.urlHelp} ${ENDPOINT_FORM_TEXT.localHttpHelp}`
            : ENDPOINT_FORM_TEXT.urlHelp
        }
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off', spellCheck: false } }}
      />
      <FormControl component="fieldset" error={Boolean(events.fieldState.error)} sx={{ mt: 1 }}>
        <FormLabel component="legend">{ENDPOINT_FORM_TEXT.events}</FormLabel>
        <FormGroup>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={<Checkbox checked={chosen.has(type)} onChange={() => toggle(type)} disabled={isSubmitting} />}
              label={`${EVENT_LABELS[type]} (${type})`}
            />
          ))}
        </FormGroup>
        <FormHelperText>{events.fieldState.error?.message ?? ' '}</FormHelperText>
      </FormControl>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
