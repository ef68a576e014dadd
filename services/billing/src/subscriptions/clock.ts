import { Injectable } from '@nestjs/common';

/** The time billing's rules go by: injected, so a test can set it instead of waiting 14 days. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
