/**
 * The frame's live parts on every shopper page, without React (§2 "Shared frame", §8): header counts and session
 * links, the toast region and the collection reactions. Run by the layout's module script, so the reactions start
 * before any island (loaded later, or on a tap) can add to a collection.
 */
import { startToastHost } from '../collections/toast-host.ts';
import { bindHeaderState } from './header-state.ts';

bindHeaderState();
startToastHost();
