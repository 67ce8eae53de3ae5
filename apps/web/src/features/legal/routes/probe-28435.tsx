import { createCardSandbox } from '@sweetwish/card-sandbox/card-sandbox';
export const c = createCardSandbox;
