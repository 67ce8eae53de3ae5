import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { isPublicAddress } from '../../adapters/outbound/address-guard';
import type { Config } from '../../config';
import type { StoreFetchPolicy } from './store-fetch';

/** The loopback address a fixture store listens on in tests; never reachable otherwise. */
const TEST_STORE_ADDRESS = '127.0.0.1';

/**
 * How this server fetches store links: public addresses on the default ports, http or https. The test
 * switch (STORE_IMPORT_TEST_PORT, accepted only with a local PUBLIC_URL) adds 127.0.0.1 on that one port,
 * and nothing else: the rest of 127.0.0.0/8 and every private range stay refused, so tests of refusals run
 * against the rules production has.
 */
export function storeFetchPolicy(config: Pick<Config, 'publicUrl' | 'storeImportTestPort'>): StoreFetchPolicy {
  const userAgent = `${PRODUCT_NAME}LinkReader/1.0 (+${config.publicUrl.origin}; reads a product page a creator pasted)`;
  if (config.storeImportTestPort === undefined) return { allowHttp: true, userAgent };
  return {
    allowHttp: true,
    userAgent,
    testPort: config.storeImportTestPort,
    isPublic: (address) => address === TEST_STORE_ADDRESS || isPublicAddress(address),
  };
}
