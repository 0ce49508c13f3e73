/**
 * google.protobuf.Timestamp as JSON: an RFC 3339 string in UTC ("Z") with 0, 3, 6 or 9
 * fractional digits on output; "Z" or a "+hh:mm" / "-hh:mm" offset and up to 9 fractional
 * digits on input. Valid from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z.
 */
import { JsonProblem, formatJson } from "./errors.js";

/** Seconds of 0001-01-01T00:00:00Z since the epoch. */
export const TIMESTAMP_MIN_SECONDS = -62135596800;
/** Seconds of 9999-12-31T23:59:59Z since the epoch. */
export const TIMESTAMP_MAX_SECONDS = 253402300799;

/** Nanoseconds as fractional digits: none, 3, 6 or 9, as few as represent the value. */
export function fractionDigits(nanos: number): string {
  if (nanos === 0) return "";
  const s = String(nanos + 1000000000).substring(1);
  if (nanos % 1000000 === 0) return "." + s.substring(0, 3);
  if (nanos % 1000 === 0) return "." + s.substring(0, 6);
  return "." + s;
}

/**
 * Character codes of a timestamp's JSON text, one array for each number of fractional digits
 * (0, 3, 6, 9): `"dddd-dd-ddTdd:dd:dd` then `.` and the digits, if any, then `Z"`.
 */
const TEXT_CODES: number[][] = [22, 26, 29, 32].map((n) => new Array<number>(n).fill(0));

/** Stores the two decimal digits of 0 to 99 as character codes at `at` in `codes`. */
function putTwo(codes: number[], at: number, n: number): void {
  codes[at] = 48 + ((n / 10) | 0);
  codes[at + 1] = 48 + (n % 10);
}

/**
 * The JSON text of a timestamp: its RFC 3339 string in quotes, made by one
 * String.fromCharCode() call. A concatenation of its parts would be a tree of short pieces,
 * each of which costs time to build and again when the text around it is flattened.
 * Throws a JsonProblem if it is out of range.
 */
export function timestampJsonText(seconds: number, nanos: number): string {
  if (!(seconds >= TIMESTAMP_MIN_SECONDS && seconds <= TIMESTAMP_MAX_SECONDS)) {
    throw new JsonProblem(`seconds ${seconds} is out of range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)`);
  }
  if (!Number.isInteger(nanos) || nanos < 0 || nanos > 999999999) {
    throw new JsonProblem(`nanos ${nanos} is out of range 0 to 999999999`);
  }
  // The civil date of the day, counted in 400-year eras of 146097 days from 0000-03-01 (so
  // that the leap day ends a counted year): the inverse of daysSinceEpoch().
  const days = Math.floor(seconds / 86400);
  const time = seconds - days * 86400;
  const shifted = days + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const m = Math.floor((5 * dayOfYear + 2) / 153);
  const month = m < 10 ? m + 3 : m - 9;
  const year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0);
  const hour = (time / 3600) | 0;
  const minute = ((time - hour * 3600) / 60) | 0;
  // As few fractional digits as represent the nanoseconds: 0, 3, 6 or 9.
  let digits = 0;
  let fraction = nanos;
  if (nanos !== 0) {
    digits = 9;
    while (digits > 3 && fraction % 1000 === 0) {
      fraction /= 1000;
      digits -= 3;
    }
  }
  const codes = TEXT_CODES[digits / 3];
  codes[0] = 34; // "
  putTwo(codes, 1, (year / 100) | 0);
  putTwo(codes, 3, year % 100);
  codes[5] = 45; // -
  putTwo(codes, 6, month);
  codes[8] = 45;
  putTwo(codes, 9, dayOfYear - Math.floor((153 * m + 2) / 5) + 1);
  codes[11] = 84; // T
  putTwo(codes, 12, hour);
  codes[14] = 58; // :
  putTwo(codes, 15, minute);
  codes[17] = 58;
  putTwo(codes, 18, time - hour * 3600 - minute * 60);
  let at = 20;
  if (digits !== 0) {
    codes[at++] = 46; // .
    for (let i = at + digits - 1; i >= at; i--) {
      codes[i] = 48 + (fraction % 10);
      fraction = (fraction / 10) | 0;
    }
    at += digits;
  }
  codes[at] = 90; // Z
  codes[at + 1] = 34;
  return String.fromCharCode.apply(null, codes);
}

/** The JSON string of a timestamp (RFC 3339). Throws a JsonProblem if it is out of range. */
export function timestampToJson(seconds: number, nanos: number): string {
  const text = timestampJsonText(seconds, nanos);
  return text.substring(1, text.length - 1);
}

/** Days since 1970-01-01 of a date in the proleptic Gregorian calendar. */
function daysSinceEpoch(year: number, month: number, day: number): number {
  // Count years from March, so that the leap day is the last day of the counted year.
  const y = month <= 2 ? year - 1 : year;
  const m = month <= 2 ? month + 9 : month - 3;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * m + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** 10 to the power of 0 to 9: scales 1 to 9 fractional digits to nanoseconds. */
const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000];

/** The number of the two decimal digits at `at` in `s`; -1 if either is not a digit. */
function twoDigitsAt(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  // Written so that NaN (past the end of the string) is no digit.
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Where the zone of a timestamp starts (after the seconds and any fraction), or -1 if the
 * string does not have the grammar `dddd-dd-ddTdd:dd:dd(.d{1,9})?(Z|[+-]dd:dd)` up to there.
 */
function zoneStart(s: string): number {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) {
    return -1;
  }
  if (s.charCodeAt(19) !== 46) return 19;
  let i = 20;
  let c = s.charCodeAt(i);
  while (i < 29 && c >= 48 && c <= 57) c = s.charCodeAt(++i);
  return i === 20 ? -1 : i;
}

/** The number of the `count` fractional digits at offset 20 of `s` (checked by zoneStart()). */
function fractionAt(s: string, count: number): number {
  let n = 0;
  for (let i = 20; i < 20 + count; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

/**
 * Parses the JSON string of a timestamp, checked character by character (no regular
 * expression, no substrings). Throws a JsonProblem if it is invalid or out of range.
 */
export function timestampFromJson(json: unknown): { seconds: number; nanos: number } {
  if (typeof json !== "string") throw new JsonProblem(`${formatJson(json)} is not an RFC 3339 timestamp string`);
  const len = json.length;
  const zone = len >= 20 ? zoneStart(json) : -1;
  const z = zone < 0 ? 0 : json.charCodeAt(zone);
  const century = twoDigitsAt(json, 0);
  const yy = twoDigitsAt(json, 2);
  const month = twoDigitsAt(json, 5);
  const day = twoDigitsAt(json, 8);
  const hour = twoDigitsAt(json, 11);
  const minute = twoDigitsAt(json, 14);
  const second = twoDigitsAt(json, 17);
  const zoneOk = z === 90 ? zone + 1 === len : (z === 43 || z === 45) && zone + 6 === len && json.charCodeAt(zone + 3) === 58;
  const offsetHours = z === 90 ? 0 : twoDigitsAt(json, zone + 1);
  const offsetMinutes = z === 90 ? 0 : twoDigitsAt(json, zone + 4);
  if (!zoneOk || (century | yy | month | day | hour | minute | second | offsetHours | offsetMinutes) < 0) {
    throw new JsonProblem(`${formatJson(json)} is not an RFC 3339 timestamp`);
  }
  const year = century * 100 + yy;
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    throw new JsonProblem(`${formatJson(json)} is not a valid date and time`);
  }
  const digits = zone - 20;
  const nanos = digits > 0 ? fractionAt(json, digits) * POW10[9 - digits] : 0;
  let seconds = daysSinceEpoch(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
  if (z !== 90) {
    if (offsetHours > 23 || offsetMinutes > 59) throw new JsonProblem(`${formatJson(json)} has an invalid UTC offset`);
    const offset = offsetHours * 3600 + offsetMinutes * 60;
    seconds += z === 43 ? -offset : offset;
  }
  if (seconds < TIMESTAMP_MIN_SECONDS || seconds > TIMESTAMP_MAX_SECONDS) {
    throw new JsonProblem(`${formatJson(json)} is out of range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z)`);
  }
  return { seconds, nanos };
}
