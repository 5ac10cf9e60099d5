"""The VAE decoder's tensors replayed through the caching allocator for the memory it reserves.

The tensors go through :mod:`core.capacity.caching_allocator` in the order diffusers creates and
frees them.

The sequence follows diffusers ``Decoder.forward`` (autoencoders/vae.py), ``UNetMidBlock2D`` and
``UpDecoderBlock2D`` (unets/unet_2d_blocks.py), ``ResnetBlock2D.forward`` (resnet.py),
``Upsample2D.forward`` (upsampling.py) and ``AttnProcessor2_0`` (attention_processor.py) in
inference, where a tensor dies when its last Python name is rebound: ``x = f(x)`` allocates the
result before the argument is freed. Each convolution also takes a cuDNN workspace for the
duration of its kernel, allocated after its output
(:data:`core.capacity.diffusion_activations.CONV_WORKSPACE`). Tensors of 1 MiB or less are left out.
"""

from __future__ import annotations

from functools import cache

from core.capacity.caching_allocator import CachingAllocator
from core.capacity.diffusion_activations import CONV_WORKSPACE

_Handle = tuple[int, int] | None


class _Replay:
    """Tensors counted in elements of one image batch, allocated through one allocator."""

    def __init__(self, element_bytes: int, batch: int) -> None:
        self.alloc = CachingAllocator()
        self._unit = element_bytes * batch

    def new(self, elements: int) -> _Handle:
        return self.alloc.malloc(elements * self._unit)

    def drop(self, *handles: _Handle) -> None:
        for handle in handles:
            self.alloc.free(handle)

    def conv(self, inp: int, out: int) -> _Handle:
        """A convolution: its output, then its workspace for the kernel."""
        result = self.new(out)
        self.drop(self.new(CONV_WORKSPACE * inp))
        return result


def _resnet(r: _Replay, x: _Handle, cin: int, cout: int, n: int) -> _Handle:
    """ResnetBlock2D on ``x`` (kept alive by the caller); returns the block's output."""
    norm = r.new(cin * n)
    act = r.new(cin * n)
    r.drop(norm)
    h = r.conv(cin * n, cout * n)
    r.drop(act)
    norm = r.new(cout * n)
    r.drop(h)
    act = r.new(cout * n)
    r.drop(norm)
    h = r.conv(cout * n, cout * n)
    r.drop(act)
    shortcut = r.conv(cin * n, cout * n) if cin != cout else None
    total = r.new(cout * n)
    out = r.new(cout * n)
    r.drop(total, h, shortcut)
    return out


def _attention(r: _Replay, x: _Handle, c: int, n: int) -> _Handle:
    """The mid-block's single-head attention (residual kept, q, k, v alive until it returns)."""
    norm = r.new(c * n)
    q, k, v = r.new(c * n), r.new(c * n), r.new(c * n)
    h = r.new(c * n)  # SDPA output
    r.drop(norm)
    for _ in range(4):  # head merge copy, to_out, NCHW copy, residual add, then the rescale
        nxt = r.new(c * n)
        r.drop(h)
        h = nxt
    r.drop(q, k, v)
    return h


@cache
def decode_reserved(
    channels: tuple[int, ...],
    latent_channels: int,
    layers_per_block: int,
    height: int,
    width: int,
    element_bytes: int,
    batch: int,
) -> tuple[int, int]:
    """(peak allocated, peak reserved) bytes of one ``Decoder.forward`` on a fresh cache.

    Args:
        channels: ``block_out_channels`` reversed (the up path's order).
        latent_channels: Channels of the latents decoded.
        layers_per_block: The config's ``layers_per_block`` (each up block has one more resnet).
        height: Latent height.
        width: Latent width.
        element_bytes: Bytes of one activation element (the decode dtype).
        batch: Images decoded at once.
    """
    r = _Replay(element_bytes, batch)
    n = height * width
    latents = r.new(latent_channels * n)
    top = channels[0]
    sample = r.conv(latent_channels * n, top * n)
    h = _resnet(r, sample, top, top, n)
    a = _attention(r, h, top, n)
    r.drop(h)
    h = _resnet(r, a, top, top, n)
    r.drop(a, sample)
    sample, previous = h, top
    for j, c in enumerate(channels):
        h = sample
        for k in range(layers_per_block + 1):
            out = _resnet(r, h, previous if k == 0 else c, c, n)
            if h is not sample:
                r.drop(h)
            h = out
        if j < len(channels) - 1:
            interpolated = r.new(4 * c * n)
            up = r.conv(4 * c * n, 4 * c * n)
            r.drop(interpolated, h)
            h = up
            n *= 4
        r.drop(sample)
        sample, previous = h, c
    norm = r.new(previous * n)
    r.drop(sample)
    act = r.new(previous * n)
    r.drop(norm)
    image = r.conv(previous * n, 3 * n)
    r.drop(act, image, latents)
    return r.alloc.peak_allocated, r.alloc.peak_reserved
