import { describe, expect, it } from 'vitest';
import { ParamReader, paramsFromJson, parseParams } from './form-params';
import { StripeApiError } from './stripe-error';

function refusal(run: () => unknown): StripeApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof StripeApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseParams', () => {
  it('nests Stripe bracket notation into objects', () => {
    const params = parseParams(
      'mode=payment&line_items[0][price_data][unit_amount]=5100&line_items[0][quantity]=1' +
        '&line_items%5B1%5D%5Bquantity%5D=2&metadata[userId]=abc&expand[]=line_items&expand[]=payment_intent',
    );
    expect(params).toEqual({
      mode: 'payment',
      line_items: { 0: { price_data: { unit_amount: '5100' }, quantity: '1' }, 1: { quantity: '2' } },
      metadata: { userId: 'abc' },
      expand: { 0: 'line_items', 1: 'payment_intent' },
    });
  });

  it('refuses a key used both as a value and as an object', () => {
    expect(refusal(() => parseParams('metadata=x&metadata[a]=b')).body.error.param).toBe('metadata[a]');
  });

  it('keeps JSON bodies as strings, like form values', () => {
    expect(paramsFromJson({ fail: true, amount: 5, nested: { list: ['a'] } })).toEqual({
      fail: 'true',
      amount: '5',
      nested: { list: { 0: 'a' } },
    });
  });
});

describe('ParamReader', () => {
  it('reads lists in index order and names nested parameters as Stripe does', () => {
    const reader = new ParamReader(parseParams('items[1][n]=2&items[0][n]=1&items[10][n]=11'));
    expect(reader.objectList('items').map((item) => item.integer('n'))).toEqual([1, 2, 11]);
    const missing = refusal(() =>
      new ParamReader(parseParams('items[0][x]=1')).objectList('items')[0]?.integer('n', { required: true }),
    );
    expect(missing.body.error).toMatchObject({ param: 'items[0][n]', message: 'Missing required param: items[0][n].' });
  });

  it('refuses malformed integers, booleans and choices with the parameter named', () => {
    const reader = new ParamReader(parseParams('amount=12.5&flag=yes&mode=subscriptionx'));
    expect(refusal(() => reader.integer('amount')).body.error).toMatchObject({
      param: 'amount',
      message: 'Invalid integer: 12.5',
    });
    expect(refusal(() => reader.boolean('flag')).body.error.param).toBe('flag');
    expect(refusal(() => reader.oneOf('mode', ['payment'])).body.error.param).toBe('mode');
  });

  it('refuses parameters that were not read, nested ones included', () => {
    const reader = new ParamReader(parseParams('a[b]=1&a[c]=2'));
    reader.object('a')?.string('b');
    expect(refusal(() => reader.finish()).body.error).toMatchObject({
      param: 'a[c]',
      message: expect.stringContaining('Received unknown parameter: a[c]'),
    });
  });

  it('drops empty metadata values and limits keys', () => {
    const reader = new ParamReader(parseParams('metadata[a]=1&metadata[b]='));
    expect(reader.metadata()).toEqual({ a: '1' });
    const long = new ParamReader(parseParams(`metadata[${'k'.repeat(41)}]=1`));
    expect(refusal(() => long.metadata()).body.error.message).toContain('40 characters');
  });
});
