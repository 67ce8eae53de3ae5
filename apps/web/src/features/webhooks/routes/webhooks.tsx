import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MAX_WEBHOOK_ENDPOINTS } from '@sweetwish/shared/webhooks';
import { useState } from 'react';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { endpointsOptions, useCreateEndpoint, useEndpoints } from '../api/webhook-calls';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointForm } from '../components/endpoint-form';

export function webhooksLoader() {
  return loadSignedInQueries(endpointsOptions);
}

/**
 * Webhooks (/settings/webhooks; decision 032): the creator's endpoints with their status, adding and
 * editing them, their secrets and delivery logs. How to verify a delivery: docs/webhooks.md.
 */
export function WebhooksPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <Box component="main" sx={{ maxWidth: 700, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 8 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
            Webhooks
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Sweetwish sends a signed request (Standard Webhooks) to your endpoints when you receive a gift, a tip or a
            message, or reach a stream goal: for Discord, Zapier or your own site.{' '}
            <Link href="/api/docs">API reference</Link>
          </Typography>
          <Endpoints />
        </Box>
      </RequireSignIn>
    </>
  );
}

function Endpoints() {
  const endpoints = useEndpoints();
  const create = useCreateEndpoint();
  const [isAdding, setIsAdding] = useState(false);
  if (endpoints.isPending) return <CircularProgress sx={{ mt: 3 }} aria-label="Loading endpoints" />;
  if (endpoints.isError) return <Typography color="error">Your webhooks could not be loaded.</Typography>;
  const { endpoints: list, acceptsLocalHttp } = endpoints.data;
  return (
    <>
      <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Endpoints">
        {list.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} acceptsLocalHttp={acceptsLocalHttp} />
        ))}
      </Box>
      {list.length === 0 && !isAdding && (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          No endpoints yet.
        </Typography>
      )}
      {isAdding ? (
        <EndpointForm
          acceptsLocalHttp={acceptsLocalHttp}
          submitLabel="Add endpoint"
          onCancel={() => setIsAdding(false)}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            setIsAdding(false);
          }}
        />
      ) : (
        <Button
          variant="contained"
          sx={{ mt: 3 }}
          onClick={() => setIsAdding(true)}
          disabled={list.length >= MAX_WEBHOOK_ENDPOINTS}
        >
          Add endpoint
        </Button>
      )}
    </>
  );
}
