import * as z from 'zod';
import { getAngle } from '#core/entities/angle.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const getAngleAction = defineAction({
  name: 'get_angle',
  credential: 'api_key',
  input: z.strictObject({ angle_id: id('angle_id') }),
  run: async (input, { principal, deps }) => {
    const angle = await getAngle(deps, principal.accountId, input.angle_id);
    if (!angle) throw new NotFoundError('angle', input.angle_id);
    return { angle };
  },
});
