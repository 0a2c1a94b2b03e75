/** @module Task types shared by the queue and the task kinds (SPEC section 3 Task). */

/** Task status values of SPEC section 3: 0 pending, 1 doing, 2 wait-cancel, 3 cancelled, 4 done, 5 failed. */
export enum TaskStatus {
  Pending = 0,
  Doing = 1,
  WaitCancel = 2,
  Cancelled = 3,
  Done = 4,
  Failed = 5,
}
