"""A replay of PyTorch's CUDA caching allocator: how much it reserves for a sequence of tensors.

``torch.cuda.max_memory_reserved`` counts the segments the allocator took from the driver with
``cudaMalloc``. A freed tensor's block stays cached in its segment for later requests; a segment
goes back to the driver only when a ``cudaMalloc`` fails or on ``torch.cuda.empty_cache()``. On a
GPU with room to spare neither happens, so what is reserved is every segment ever taken. When a
workload's tensors grow (a VAE decoder's stages), each new size needs segments the smaller cached
blocks cannot serve, and reserved memory exceeds the allocated peak.

The rules follow ``c10/cuda/CUDACachingAllocator.cpp`` (PyTorch 2.x, default settings: no
``max_split_size_mb``, no ``expandable_segments``, no garbage-collection threshold):

* a request is rounded up to a multiple of 512 bytes (``kMinBlockSize``, ``round_size``);
* requests above 1 MiB (``kSmallSize``) use the large pool, whose new segments are 20 MiB for a
  request under 10 MiB (``kLargeBuffer``, ``kMinLargeAlloc``) and otherwise the request rounded up
  to 2 MiB (``kRoundLarge``, ``get_allocation_size``); smaller requests are left out here (their
  2 MiB segments are far below 1 % of a decode);
* a request takes the smallest cached free block that holds it (``get_free_block``: best fit;
  among equal sizes the lowest address, here the earliest segment and offset), which is split
  when more than 1 MiB would remain (``should_split``);
* a freed block merges with free neighbours of its own segment (``free_block``), never across
  segments.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MIN_BLOCK = 512  # kMinBlockSize
SMALL_SIZE = 1 << 20  # kSmallSize: the largest request of the small pool
LARGE_BUFFER = 20 << 20  # kLargeBuffer: the segment of a request under kMinLargeAlloc
MIN_LARGE_ALLOC = 10 << 20  # kMinLargeAlloc
ROUND_LARGE = 2 << 20  # kRoundLarge


@dataclass
class _Block:
    offset: int
    size: int
    free: bool = True


@dataclass
class _Segment:
    index: int
    size: int
    blocks: list[_Block] = field(default_factory=list)


def segment_size(request: int) -> int:
    """Bytes of the segment ``cudaMalloc`` takes for a large-pool request of ``request`` bytes."""
    if request < MIN_LARGE_ALLOC:
        return LARGE_BUFFER
    return -(-request // ROUND_LARGE) * ROUND_LARGE


class CachingAllocator:
    """The large pool of one device and one stream, replayed request by request."""

    def __init__(self) -> None:
        self._segments: list[_Segment] = []
        self.allocated = 0
        self.reserved = 0
        self.peak_allocated = 0
        self.peak_reserved = 0

    def malloc(self, nbytes: int) -> tuple[int, int] | None:
        """Allocate ``nbytes``; returns a handle for :meth:`free` (None for a small request)."""
        if nbytes <= SMALL_SIZE:
            return None
        size = -(-nbytes // MIN_BLOCK) * MIN_BLOCK
        best: tuple[int, int, int, int] | None = None  # (block size, segment, offset, position)
        for seg in self._segments:
            for pos, block in enumerate(seg.blocks):
                if block.free and block.size >= size:
                    key = (block.size, seg.index, block.offset, pos)
                    if best is None or key < best:
                        best = key
        if best is None:
            seg = _Segment(len(self._segments), segment_size(size))
            seg.blocks.append(_Block(0, seg.size))
            self._segments.append(seg)
            self.reserved += seg.size
            self.peak_reserved = max(self.peak_reserved, self.reserved)
            best = (seg.size, seg.index, 0, 0)
        _, index, offset, pos = best
        seg = self._segments[index]
        block = seg.blocks[pos]
        if block.size - size > SMALL_SIZE:
            seg.blocks.insert(pos + 1, _Block(offset + size, block.size - size))
            block.size = size
        block.free = False
        self.allocated += block.size
        self.peak_allocated = max(self.peak_allocated, self.allocated)
        return index, offset

    def free(self, handle: tuple[int, int] | None) -> None:
        """Return the block of ``handle`` to the cache, merged with free neighbours."""
        if handle is None:
            return
        index, offset = handle
        blocks = self._segments[index].blocks
        pos = next(i for i, b in enumerate(blocks) if b.offset == offset)
        block = blocks[pos]
        block.free = True
        self.allocated -= block.size
        if pos + 1 < len(blocks) and blocks[pos + 1].free:
            block.size += blocks.pop(pos + 1).size
        if pos > 0 and blocks[pos - 1].free:
            blocks[pos - 1].size += blocks.pop(pos).size
