import { describe, expect, it } from 'vitest';
import { daysLate, reminderDue, reminderWindow, remindHour, type RemindedInstalment, type SentReminder } from './reminders.ts';

const due = (due_on: string | null, over: Partial<RemindedInstalment> = {}): RemindedInstalment => ({
  state: 'due',
  due_on,
  cancelled: false,
  placed_on: '2026-11-01',
  ...over,
});
const sentBefore = (sent_on: string): SentReminder => ({ kind: 'before', sent_on });
const sentOverdue = (sent_on: string): SentReminder => ({ kind: 'overdue', sent_on });

describe('reminderDue', () => {
  it.each<[string, RemindedInstalment, SentReminder[], string, 'before' | 'overdue' | null]>([
    ['four days ahead: nothing yet', due('2026-12-05'), [], '2026-12-01', null],
    ['three days ahead: before', due('2026-12-05'), [], '2026-12-02', 'before'],
    ['missed day caught up two days ahead', due('2026-12-05'), [], '2026-12-03', 'before'],
    ['caught up on the due day itself', due('2026-12-05'), [], '2026-12-05', 'before'],
    ['before sent: not again the next day', due('2026-12-05'), [sentBefore('2026-12-02')], '2026-12-03', null],
    ['before sent: nothing on the due day', due('2026-12-05'), [sentBefore('2026-12-02')], '2026-12-05', null],
    ['the day after a miss: overdue', due('2026-12-05'), [sentBefore('2026-12-02')], '2026-12-06', 'overdue'],
    ['overdue even without a before', due('2026-12-05'), [], '2026-12-06', 'overdue'],
    ['overdue caught up three days after', due('2026-12-05'), [], '2026-12-08', 'overdue'],
    ['too late for the overdue catch-up', due('2026-12-05'), [], '2026-12-09', null],
    ['overdue sent: never again', due('2026-12-05'), [sentOverdue('2026-12-06')], '2026-12-07', null],
    ['one a day: before sent today blocks overdue', due('2026-12-05'), [sentBefore('2026-12-06')], '2026-12-06', null],
    ['paid: nothing before', due('2026-12-05', { state: 'paid' }), [], '2026-12-02', null],
    ['paid: nothing after', due('2026-12-05', { state: 'paid' }), [], '2026-12-06', null],
    ['cancelled order: nothing before', due('2026-12-05', { cancelled: true }), [], '2026-12-02', null],
    ['cancelled order: nothing after', due('2026-12-05', { cancelled: true }), [], '2026-12-06', null],
    ['no due date (paid at delivery)', due(null), [], '2026-12-02', null],
    ['across months: before on 29 Nov for 2 Dec', due('2026-12-02'), [], '2026-11-29', 'before'],
    ['across months: overdue on 1 Dec for 30 Nov', due('2026-11-30'), [], '2026-12-01', 'overdue'],
    ['across years: before on 29 Dec for 1 Jan', due('2027-01-01'), [], '2026-12-29', 'before'],
    ['leap day: overdue on 1 Mar 2028 for 29 Feb', due('2028-02-29'), [], '2028-03-01', 'overdue'],
    ['February: before on 26 Feb for 1 Mar 2027', due('2027-03-01'), [], '2027-02-26', 'before'],
    ['placed after the reminder day: the confirmation said it', due('2026-12-05', { placed_on: '2026-12-04' }), [], '2026-12-04', null],
    ['placed on the reminder day: before', due('2026-12-05', { placed_on: '2026-12-02' }), [], '2026-12-02', 'before'],
    ['placed late, then missed: overdue all the same', due('2026-12-05', { placed_on: '2026-12-05' }), [], '2026-12-06', 'overdue'],
  ])('%s', (_, i, sent, today, want) => expect(reminderDue(i, sent, today)).toBe(want));
});

describe('reminderWindow', () => {
  it.each([
    ['2026-12-02', { from: '2026-11-29', to: '2026-12-05' }],
    ['2027-01-01', { from: '2026-12-29', to: '2027-01-04' }],
  ])('%s → %o', (today, want) => expect(reminderWindow(today)).toEqual(want));
});

describe('remindHour', () => {
  it.each([
    ['2026-12-02T07:59:00Z', false],
    ['2026-12-02T08:00:00Z', true],
    ['2026-12-02T23:00:00Z', true],
  ])('%s → %s', (at, want) => expect(remindHour(new Date(at))).toBe(want));
});

describe('daysLate', () => {
  it.each([
    ['2026-12-05', '2026-12-06', 1],
    ['2026-11-30', '2026-12-02', 2],
    ['2026-12-05', '2027-01-05', 31],
    ['2026-12-05', '2026-12-05', 0],
  ])('%s to %s: %i', (d, today, want) => expect(daysLate(d, today)).toBe(want));
});
