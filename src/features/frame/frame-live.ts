/**
 * The frame's live parts on every shopper page, without React (§2 "Shared frame", §8): header counts and session
 * links, the toast region, the collection reactions, and a tap on an island not yet live kept until it is
 * (early-taps.ts). Run by the layout's module script, so the reactions start before any island (loaded later, or on a
 * tap) can add to a collection.
 */
import { startToastHost } from '../collections/toast-host.ts';
import { replayEarlyTaps } from './early-taps.ts';
import { bindHeaderState } from './header-state.ts';

replayEarlyTaps();
bindHeaderState();
startToastHost();
