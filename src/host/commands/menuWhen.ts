// The when clauses of the places commands' menu entries share (their `manifest.menus`): a view's title bar and
// the kinds of tree rows, spelled from shared/ids.ts and the contextValues the trees set. vscode-free.
import { TREE_ITEM_KINDS, VIEW_CONTAINER_ID, VIEWS } from '../../shared/ids.js';

/** A when clause's regular expression matching `name` literally. */
const literal = (name: string): string => name.replaceAll('.', '\\.');

/** The title bar of a view. */
export const VIEW = {
  instances: `view == ${VIEWS.instances}`,
  account: `view == ${VIEWS.account}`,
  smsHistory: `view == ${VIEWS.smsHistory}`,
  /** Every view of the container. */
  any: `view =~ /^${literal(`${VIEW_CONTAINER_ID}.`)}/`,
} as const;

/** A tree row's context menu (and its inline buttons). */
export const ROW = {
  /** An instance row, from a profile or pinned by the workspace (views/instancesTree.ts adds `.pinned`, then `.watched`). */
  instance: `${VIEW.instances} && viewItem =~ /^${literal(TREE_ITEM_KINDS.instance)}(\\.pinned)?(\\.watched)?$/`,
  /** An instance row of the profile's own list (a pinned one is removed from the workspace's settings). */
  profileInstance: `${VIEW.instances} && viewItem =~ /^${literal(TREE_ITEM_KINDS.instance)}(\\.watched)?$/`,
  /** An instance row this window's watch does not read / reads. */
  unwatchedInstance: `${VIEW.instances} && viewItem =~ /^${literal(TREE_ITEM_KINDS.instance)}(\\.pinned)?$/`,
  watchedInstance: `${VIEW.instances} && viewItem =~ /^${literal(TREE_ITEM_KINDS.instance)}(\\.pinned)?\\.watched$/`,
  month: `${VIEW.instances} && viewItem == ${TREE_ITEM_KINDS.month}`,
  /** A row that failed to load. */
  error: `${VIEW.instances} && viewItem == ${TREE_ITEM_KINDS.error}`,
  /** The Account view's balance once an answer arrived. */
  balance: `${VIEW.account} && viewItem == ${TREE_ITEM_KINDS.balance}`,
  /** Any sent SMS (views/smsHistoryTree.ts adds `.withId` once the service gave a message id). */
  sentSms: `${VIEW.smsHistory} && viewItem =~ /^${literal(TREE_ITEM_KINDS.sentSms)}/`,
  sentSmsWithId: `${VIEW.smsHistory} && viewItem == ${TREE_ITEM_KINDS.sentSms}.withId`,
} as const;
