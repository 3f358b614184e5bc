/** §7 /tx/new: a 400's details said beside the form's fields, in the operator's words. */
import { describe, expect, it } from 'vitest';
import { operatorMessage, placeServerIssues, shortLabel } from '../../src/domain/serverIssues.ts';

const LABELS = { networkBuy: 'Buy on', networkSell: 'Sell on', tokenName: 'Token', amount: 'Amount', slippageBps: 'Slippage (bps)', to: 'To address', note: 'Note' };

describe('§7 the server\'s messages in the operator\'s words', () => {
  it('a label loses its trailing parenthesis to start a sentence', () => {
    expect(shortLabel('Slippage (bps)')).toBe('Slippage');
    expect(shortLabel('Token (or native coin)')).toBe('Token');
    expect(shortLabel('Amount')).toBe('Amount');
  });
  it('field names written as code become labels, and a bare predicate gets the field as its subject', () => {
    expect(operatorMessage('must differ from networkBuy', 'Sell on', LABELS)).toBe('Sell on must differ from Buy on');
    expect(operatorMessage('must be 0x followed by 40 hex digits', 'To address', LABELS)).toBe('To address must be 0x followed by 40 hex digits');
  });
  it('plain words that happen to be field names (to, amount, note) are left as they are', () => {
    expect(operatorMessage('PEPE is not deployed on TON', 'Token', LABELS)).toBe('PEPE is not deployed on TON');
    expect(operatorMessage('amount to send is too high', 'Amount', LABELS)).toBe('Amount to send is too high');
  });
  it('a sentence of its own is kept, capitalised', () => {
    expect(operatorMessage('unknown token FOO', 'Token', LABELS)).toBe('Unknown token FOO');
  });
  it("zod's stock sentences are said plainly", () => {
    const said = (message: string) => operatorMessage(message, 'Slippage', LABELS);
    expect(said('Invalid input: expected number, received undefined')).toBe('Slippage is required');
    expect(said('Invalid input: expected number, received string')).toBe('Slippage must be a number');
    expect(said('Invalid input: expected number, received NaN')).toBe('Slippage must be a number');
    expect(said('Invalid input: expected int, received number')).toBe('Slippage must be a whole number');
    expect(said('Invalid input: expected string, received number')).toBe('Slippage must be text');
    expect(said('Invalid option: expected one of "Arbitrum"|"Base"')).toBe('Slippage must be one of the choices offered');
    expect(said('Too small: expected string to have >=1 characters')).toBe('Slippage is required');
    expect(said('Too big: expected string to have <=500 characters')).toBe('Slippage must be at most 500 characters');
    expect(said('Too small: expected number to be >0')).toBe('Slippage must be greater than 0');
    expect(said('Too small: expected number to be >=0')).toBe('Slippage must be 0 or more');
    expect(said('Too small: expected number to be >=5')).toBe('Slippage must be at least 5');
    expect(said('Too small: expected number to be >5')).toBe('Slippage must be greater than 5');
    expect(said('Too big: expected number to be <=10000')).toBe('Slippage must be at most 10000');
    expect(said('Too big: expected number to be <10000')).toBe('Slippage must be less than 10000');
    expect(said('unknown field')).toBe('Slippage is not a field this call takes');
  });
});

describe('§7 a 400\'s details placed beside the fields', () => {
  it('body issues of fields the form has go beside them (the first per field); the rest to the general line', () => {
    const placed = placeServerIssues(
      [
        { in: 'body', field: 'networkSell', message: 'must differ from networkBuy' },
        { in: 'body', field: 'networkSell', message: 'a second word on it' },
        { in: 'body', field: 'tokenName', message: 'unknown token FOO' },
        { in: 'body', field: 'extra', message: 'unknown field' },
        { in: 'params', field: 'tokenName', message: 'Too big: expected string to have <=64 characters' },
        { in: 'body', field: '', message: 'Invalid input: expected object, received undefined' },
      ],
      LABELS,
    );
    expect(placed).toEqual({
      fields: { networkSell: 'Sell on must differ from Buy on', tokenName: 'Unknown token FOO' },
      general: ['extra is not a field this call takes', 'Token must be at most 64 characters', 'The request is required'],
    });
  });
  it('details that are not a list of {in, field, message} are not placed: the caller says the error itself', () => {
    expect(placeServerIssues(undefined, LABELS)).toBeUndefined();
    expect(placeServerIssues({ current: {} }, LABELS)).toBeUndefined();
    expect(placeServerIssues([{ field: 'x' }], LABELS)).toBeUndefined();
  });
});
