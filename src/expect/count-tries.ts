/**
 * How often ret=count is compared with the list's total of the same filters before a difference is
 * a failure. The account is shared with the run's other check files (and, on a real account, with
 * its people), which create and delete assistants at any moment, so a try is judged only when the
 * list's total read just before and just after the count agree. Even then a neighbour's assistant
 * created and deleted again between those two reads (a property's create, get, delete) shows in the
 * count alone: three such tries in a row once failed a correct implementation under load. So the
 * count fails only when it differs in COUNT_MISMATCHES such tries before it agrees in one, and goes
 * unjudged when COUNT_TRIES tries bring fewer; a count that ignores a filter or is cached differs
 * in every one.
 */
export const COUNT_TRIES = 8;
export const COUNT_MISMATCHES = 5;
