import { describe, expect, it } from 'vitest';
import { EMPTY_BOXES, enterDigits, pickUpBoxes } from './otp-boxes.ts';

describe('OTP boxes', () => {
  it('keeps one digit a box, drops anything else and moves on', () => {
    expect(enterDigits(EMPTY_BOXES, 0, '7')).toEqual({ boxes: ['7', '', '', ''], next: 1 });
    expect(enterDigits(EMPTY_BOXES, 1, 'a')).toEqual({ boxes: ['', '', '', ''], next: 1 });
    expect(enterDigits(['1', '2', '', ''], 1, '')).toEqual({ boxes: ['1', '', '', ''], next: 1 });
  });

  it('replaces a box’s digit with the one typed beside it, before or after', () => {
    expect(enterDigits(['1', '2', '', ''], 1, '25')).toEqual({ boxes: ['1', '5', '', ''], next: 2 });
    expect(enterDigits(['1', '2', '', ''], 1, '52')).toEqual({ boxes: ['1', '5', '', ''], next: 2 });
    expect(enterDigits(['1', '2', '', ''], 1, '22')).toEqual({ boxes: ['1', '2', '', ''], next: 2 });
    expect(enterDigits(['1', '2', '', ''], 1, '2x')).toEqual({ boxes: ['1', '2', '', ''], next: 2 });
  });

  it('runs a whole code on into the next boxes, as far as there are boxes', () => {
    expect(enterDigits(EMPTY_BOXES, 0, ' 4-8-1-5 ')).toEqual({ boxes: ['4', '8', '1', '5'], next: 3 });
    expect(enterDigits(['9', '9', '9', '9'], 2, '123')).toEqual({ boxes: ['9', '9', '1', '2'], next: 3 });
  });

  it('picks up what was typed into the sleeping boxes, in place, or nothing', () => {
    expect(pickUpBoxes(['4815', '', '', ''])).toEqual({ boxes: ['4', '8', '1', '5'], next: 3 });
    expect(pickUpBoxes(['48', '', '', ''])).toEqual({ boxes: ['4', '8', '', ''], next: 2 });
    expect(pickUpBoxes(['', '6', '', ''])).toEqual({ boxes: ['', '6', '', ''], next: 2 });
    expect(pickUpBoxes(['1', '2', '3', '4'])).toEqual({ boxes: ['1', '2', '3', '4'], next: 3 });
    expect(pickUpBoxes(['', 'ab', '', ''])).toBeNull();
  });
});
