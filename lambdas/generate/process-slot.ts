import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { ComposedCreative, ComposeInput } from '#core/creative/types.ts';
import type { Deps } from '#core/deps.ts';
import { getAngle } from '#core/entities/angle.ts';
import { type BrandKit, getBrandKit } from '#core/entities/brand-kit.ts';
import { getBrief, getLatestBrief } from '#core/entities/brief.ts';
import { type Campaign, getCampaign } from '#core/entities/campaign.ts';
import { getClient } from '#core/entities/client.ts';
import { finalizeJobIfDone, markJobRunning } from '#core/entities/job.ts';
import { claimSlot, getSlot, releaseLease, type Slot, settleSlot } from '#core/entities/slot.ts';
import type { SlotMessage } from '#core/generation/messages.ts';
import { jobCompletedOutbox, settlementOutbox } from '#core/generation/outboxes.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { cutAroundSubjectLazily, cutPhotoAroundSubject } from '#core/images/smart-crop.ts';
import { type DrawnVisual, type ImageModel, PermanentImageError, type Visual } from '#core/images/types.ts';
import type { ManifestWriter } from '#core/provenance/manifest.ts';
import { markProvenance } from '#core/provenance/mark.ts';
import { creativeCopyCandidates } from '#core/text/campaign-copy.ts';
import { PLATFORM_RATIOS } from '#core/text/platform-limits.ts';
import { loadLogo, loadPhoto, loadProduct } from './inputs.ts';
import { creativeCopy } from './prompt.ts';
import { type Orientation, visualPrompt } from './prompts/index.ts';
import { obtainSharedVisual, planVisual } from './shared-visual.ts';

/** The compositor's signature (a type-only import: the worker injects the implementation). */
export type ComposeFn = (input: ComposeInput) => Promise<ComposedCreative>;

export type WorkerDeps = Deps & {
  imageModel: ImageModel;
  compose: ComposeFn;
  /** Fetches a caller-supplied image URL under the SSRF rules; throws PermanentImageError when refused. */
  fetchImage: (url: string) => Promise<Buffer>;
  /** How long a claimed slot is held before another delivery may take it over. */
  leaseMs: number;
  /** The queue's maxReceiveCount: the last delivery fails the slot instead of retrying. */
  maxReceiveCount: number;
  /** How long a slot waits for a sibling that is making their shared model visual. */
  visualWaitMs: number;
  /** Embeds a signed C2PA manifest (ADR 0041); without one, the PNG carries its XMP marks only. */
  manifestWriter?: ManifestWriter | undefined;
};

export type SlotOutcome =
  | { result: 'succeeded'; slot: Slot }
  | { result: 'failed'; reason: string }
  | { result: 'skipped'; why: 'final' | 'missing' | 'lease_lost' }
  | { result: 'retry'; why: string };

/**
 * Makes one image, end to end:
 * 1. claim the slot (pending → running under a lease); a finished slot is left alone;
 * 2. read campaign, angle and brand kit; load product and logo (asset or SSRF-safe URL, decoded
 *    through sharp; one that cannot be read fails the slot), cut the product out;
 * 3. get the visual: a paid model's is shared by the slots of one angle, variant and orientation
 *    family (made once, kept in S3) and cut for this ratio around its subject; the offline
 *    template renders per slot; compose copy, CTA, logo and product over it;
 * 4. put the PNG at the slot's deterministic S3 key (a retry overwrites the same object);
 * 5. one transaction: slot succeeded + one credit reserved → used + the job's count;
 * 6. fix the job's final status once every slot is settled.
 * Permanent failures fail the slot and release its credit at once; transient ones are retried
 * by redelivery, except on the last delivery, which fails the slot so no credit is stranded.
 */
export async function processSlot(
  deps: WorkerDeps,
  message: SlotMessage,
  receiveCount: number,
): Promise<SlotOutcome> {
  const ref = { accountId: message.account_id, jobId: message.job_id, index: message.slot_index };
  const claim = await claimSlot(deps, ref, deps.leaseMs);
  if (claim.outcome === 'missing') return { result: 'skipped', why: 'missing' };
  if (claim.outcome === 'final') return { result: 'skipped', why: 'final' };
  if (claim.outcome === 'busy') return { result: 'retry', why: 'another delivery holds the slot' };
  const { slot, leaseId } = claim;
  // The restart test stops the local stack here: a slot running under a live lease.
  await deps.checkpoint('slot.claimed', ref.index);
  await jobStarted(deps, ref.accountId, ref.jobId, slot);

  try {
    const rendered = await render(deps, slot, receiveCount >= deps.maxReceiveCount);
    // Every delivered PNG carries its provenance marks (ADR 0041).
    const { png: marked, provenance } = await markProvenance(
      rendered.png,
      rendered.makeup,
      deps.manifestWriter,
    );
    const png = { ...rendered, png: marked };
    await deps.s3.send(
      new PutObjectCommand({
        Bucket: deps.config.bucketName,
        Key: slot.s3_key,
        Body: png.png,
        ContentType: 'image/png',
        CacheControl: 'private, max-age=31536000, immutable',
      }),
    );
    const settled = await settleSlot(
      deps,
      slot,
      {
        status: 'succeeded',
        leaseId,
        result: {
          width: png.width,
          height: png.height,
          bytes: png.png.byteLength,
          model: png.model,
          upscale: png.upscale,
          // Stored as plain data: DynamoDB refuses undefined members.
          quality: JSON.parse(JSON.stringify(png.quality)),
          provenance,
        },
      },
      settlementOutbox(deps, slot),
    );
    if (!settled) {
      await dropIfAbandoned(deps, slot);
      return { result: 'skipped', why: 'lease_lost' };
    }
    await finalizeJobIfDone(deps, ref.accountId, ref.jobId, jobCompletedOutbox(deps, ref.accountId));
    return {
      result: 'succeeded',
      slot: { ...slot, status: 'succeeded', width: png.width, height: png.height },
    };
  } catch (error) {
    const permanent = error instanceof PermanentImageError;
    const lastChance = receiveCount >= deps.maxReceiveCount;
    if (permanent || lastChance) {
      const reason = permanent
        ? `${error.reason}: ${error.message}`
        : `retries_exhausted: ${error instanceof Error ? error.message : String(error)}`;
      await settleSlot(deps, slot, { status: 'failed', reason, leaseId }, settlementOutbox(deps, slot));
      await finalizeJobIfDone(deps, ref.accountId, ref.jobId, jobCompletedOutbox(deps, ref.accountId));
      return { result: 'failed', reason };
    }
    await releaseLease(deps, slot, leaseId);
    return { result: 'retry', why: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * After a lost settlement: if the slot was cancelled or deleted while this image was being made
 * (a deletion cancels running slots and sweeps their objects), the object just written would
 * outlive its campaign, so it is removed. Another delivery's image at the same key is never
 * touched: that slot would be running or succeeded, not cancelled or gone.
 */
async function dropIfAbandoned(deps: WorkerDeps, slot: Slot): Promise<void> {
  const now = await getSlot(deps, slot.account_id, slot.job_id, slot.index);
  if (now && now.status !== 'cancelled') return;
  await deps.s3.send(new DeleteObjectCommand({ Bucket: deps.config.bucketName, Key: slot.s3_key }));
}

/** Jobs this container has already seen running (bounded: a container lives for hours, not forever). */
const startedJobs = new Set<string>();
const STARTED_JOBS_KEPT = 1_000;

/**
 * pending → running for the job, attempted once per job and container instead of once per
 * slot: a conditional write that fails on every slot but the first is paid for all the same.
 * A slot on its second attempt or later was claimed before, so its job already left pending.
 */
async function jobStarted(deps: WorkerDeps, accountId: string, jobId: string, slot: Slot): Promise<void> {
  const key = `${accountId}/${jobId}`;
  if (slot.attempts > 1 || startedJobs.has(key)) return;
  await markJobRunning(deps, accountId, jobId);
  if (startedJobs.size >= STARTED_JOBS_KEPT) startedJobs.clear();
  startedJobs.add(key);
}

async function render(deps: WorkerDeps, slot: Slot, lastChance: boolean) {
  // Independent reads in one round trip's time: on one core the I/O is what keeps a worker under its render ceiling.
  const [campaign, brand, angle, client] = await Promise.all([
    getCampaign(deps, slot.account_id, slot.campaign_id),
    getBrandKit(deps, slot.account_id, slot.client_id),
    slot.angle_id ? getAngle(deps, slot.account_id, slot.angle_id) : undefined,
    getClient(deps, slot.account_id, slot.client_id),
  ]);
  if (!campaign || !brand)
    throw new PermanentImageError('missing_campaign', 'The campaign or its brand kit no longer exists.');
  const ratio = parseRatio(slot.aspect_ratio);
  const size = deliverySize(ratio);
  const angleIndex = slot.angle_id ? Math.max(0, campaign.selected_angle_ids.indexOf(slot.angle_id)) : 0;
  const [product, logo, photo] = await Promise.all([
    loadProduct(deps, slot.account_id, campaign),
    loadLogo(deps, slot.account_id, brand),
    loadPhoto(deps, slot.account_id, campaign, { angleIndex, variant: slot.variant }),
  ]);
  const variants = copyForSlot(campaign, slot);
  const { visual, upscale } = photo
    ? await photoVisual(photo, slot, ratio, size)
    : await generatedVisual(deps, slot, campaign, { angle, brand, client, product, lastChance });
  const composed = await deps.compose({
    visual,
    // The client's photo reads like a model's: calm regions found in it, a scrim under the copy.
    ...(photo ? { visualKind: 'model' as const } : {}),
    width: size.width,
    height: size.height,
    aspectRatio: ratio,
    copy: copyCandidates(campaign, angle, brand, variants, client?.name),
    brand,
    clientName: client?.name,
    excludeText: [campaign.name],
    logo,
    product,
    angleIndex,
    seed: slot.seed,
  });
  // A model family other than the offline template means a trained model made the visual; a
  // photo of the client's was made by no model, whatever model the deployment has.
  const modelVisual = !photo && (deps.imageModel.family ?? 'template') !== 'template';
  return {
    ...composed,
    model: visual.model,
    upscale,
    makeup: { modelVisual, photo: Boolean(photo), product: Boolean(product), logo: Boolean(logo) },
  };
}

/**
 * The campaign's photo cut for this ratio around its subject (ADR 0059): no model is called,
 * offline or on Bedrock, so nothing is paid for a picture the client already has.
 */
async function photoVisual(
  photo: { assetId: string; png: Buffer },
  slot: Slot,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): Promise<{ visual: DrawnVisual; upscale: number }> {
  const cut = await cutPhotoAroundSubject(photo.png, ratio, size);
  return {
    visual: {
      ...size,
      model: `photo:${photo.assetId}`,
      seed: slot.seed,
      subject: cut.subject,
      pixels: (scale) => cut.pixels(scale),
    },
    upscale: cut.upscale,
  };
}

/** The visual an image model makes for this slot: shared across ratios on Bedrock, drawn per slot offline. */
async function generatedVisual(
  deps: WorkerDeps,
  slot: Slot,
  campaign: Campaign,
  given: {
    angle: Awaited<ReturnType<typeof getAngle>>;
    brand: BrandKit;
    client: Awaited<ReturnType<typeof getClient>>;
    product: Buffer | undefined;
    lastChance: boolean;
  },
): Promise<{ visual: Visual | DrawnVisual; upscale: number | undefined }> {
  const { angle, brand, client, product, lastChance } = given;
  const ratio = parseRatio(slot.aspect_ratio);
  const size = deliverySize(ratio);
  const picture = await pictureBriefOf(deps, slot, angle);
  const model = deps.imageModel;
  const nativeSize = model.nativeSize?.bind(model);
  const plan = nativeSize ? planVisual({ nativeSize }, ratio, size) : undefined;
  const prompt = visualPrompt(model.family ?? 'template', {
    angle,
    // The stored brief's subject and category decide the picture (ADR 0037).
    brief: picture,
    brand,
    hasProduct: Boolean(product),
    orientation: plan?.orientation ?? orientationOf(ratio),
    names: [client?.name ?? '', campaign.name],
  });
  const request = {
    prompt: prompt.prompt,
    negativePrompt: prompt.negativePrompt,
    brand,
    visualStyle: angle?.visual_style ?? 'clean modern product advertising, soft studio light',
    picture,
  };
  if (plan) {
    // A paid model: one visual per angle, variant and orientation family, cut for this ratio.
    const shared = await obtainSharedVisual(deps, slot, plan, request, lastChance);
    const cut = await cutAroundSubjectLazily(shared.png, ratio, size);
    return {
      visual: { ...size, model: shared.model, seed: slot.seed, pixels: (scale) => cut.pixels(scale) },
      upscale: cut.upscale,
    };
  }
  const drawOrGenerate = model.draw ? model.draw.bind(model) : model.generate.bind(model);
  const visual = await drawOrGenerate({
    ...request,
    width: size.width,
    height: size.height,
    aspectRatio: ratio,
    seed: slot.seed,
    productImage: product,
  });
  return { visual, upscale: undefined };
}

/**
 * What the picture of this slot shows: the category and subject of the brief its angle was
 * planned from, or of the client's latest brief for a slot without an angle (or an angle made
 * before briefs were stored). Undefined when the client has no brief: nothing is guessed.
 */
async function pictureBriefOf(
  deps: WorkerDeps,
  slot: Slot,
  angle: { brief_id?: string | null | undefined } | undefined,
): Promise<{ subject: string; category: string } | undefined> {
  const brief =
    (angle?.brief_id ? await getBrief(deps, slot.account_id, angle.brief_id) : undefined) ??
    (await getLatestBrief(deps, slot.account_id, slot.client_id));
  return brief ? { subject: brief.subject, category: brief.category } : undefined;
}

function orientationOf(ratio: { w: number; h: number }): Orientation {
  const r = ratio.w / ratio.h;
  return Math.abs(r - 1) < 0.15 ? 'square' : r < 1 ? 'portrait' : 'landscape';
}

/**
 * The copy engine's candidates for this slot (preferred first, shorter rewrites after), then the
 * other prepared variants of the angle as further fallbacks for layouts with less room.
 */
export function copyCandidates(
  campaign: Campaign,
  angle: Parameters<typeof creativeCopy>[0]['angle'],
  brand: { tagline: string; banned_words: string[] },
  prepared: ReturnType<typeof copyForSlot>,
  clientName: string | undefined,
) {
  const primary = creativeCopyCandidates({
    campaign,
    angle,
    brandKit: brand,
    prepared: prepared[0],
    ...(clientName ? { clientName } : {}),
    // The angle's language: its sentences ("31. Oktober"), policy and CTA labels are read in it.
    ...(angle?.language ? { language: angle.language } : {}),
  });
  const more = creativeCopy({ campaign, angle, prepared, tagline: brand.tagline });
  const merge = (a: string[], b: string[]) => [
    ...a,
    ...b.filter((x) => !a.some((y) => y.toLowerCase() === x.toLowerCase())),
  ];
  return {
    ...primary,
    headlines: merge(primary.headlines, more.headlines),
    bodies: merge(primary.bodies, more.bodies),
  };
}

/** The prepared copy for this slot: its angle's variants, those on a platform that uses its aspect ratio first. */
export function copyForSlot(campaign: Campaign, slot: Slot) {
  const forAngle = campaign.prepared?.copy.filter((c) => c.angle_id === slot.angle_id) ?? [];
  const candidates = forAngle.length > 0 ? forAngle : (campaign.prepared?.copy ?? []);
  const fits = (c: (typeof candidates)[number]) => PLATFORM_RATIOS[c.platform].includes(slot.aspect_ratio);
  return [...candidates.filter(fits), ...candidates.filter((c) => !fits(c))];
}
