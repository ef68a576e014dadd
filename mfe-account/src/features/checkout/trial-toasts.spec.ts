import { trialErrorToast, trialStartedToast } from './trial-toasts';

describe('the trial toasts', () => {
  it('names the plan when the trial starts', () => {
    expect(trialStartedToast('Business Plan')).toEqual({ title: 'Trial started!', description: 'Your 14-day free trial of Business Plan has begun.' });
  });

  it('says the user must be signed in, else shows the server message, else a fallback', () => {
    const destructive = (description: string) => ({ title: 'Error', description, variant: 'destructive' });
    expect(trialErrorToast({ status: 401, data: { message: 'You must be signed in' } })).toEqual(destructive('You must be logged in to start a trial'));
    expect(trialErrorToast({ status: 409, data: { message: 'Your account has already used its free trial' } })).toEqual(
      destructive('Your account has already used its free trial'),
    );
    expect(trialErrorToast({ status: 500, data: 'oops' })).toEqual(destructive('Failed to start trial'));
  });
});
