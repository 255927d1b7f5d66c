;; The friends' circle's hot loop, 16 friends at a time (WebAssembly SIMD): the closeness totals
;; of one new friend with every earlier friend of a game, as shared/score.ts's `closeness` sums
;; them over the rounds. `closeness-kernel.ts` lays the inputs out in `memory`:
;;   answers  `rounds` bytes: the new friend's answers (0..100)
;;   columns  `rounds` columns of `stride` bytes: column r holds every earlier friend's answer in
;;            round r, one byte per friend (slot); `stride` is a multiple of 16
;;   totals   `blocks` × 16 i32: the new friend's total with each slot (slots past the last
;;            friend are summed too; the caller reads only its own)
;; Regenerate closeness-wasm.ts after editing: `npm run build:wasm` (a test checks they agree).
(module
  (memory (export "memory") 1)

  ;; Spectrum: (100 − |a − b|)², summed over the rounds (at most 50 × 10,000: fits an i32).
  (func (export "spectrum")
    (param $answers i32) (param $rounds i32) (param $columns i32) (param $stride i32)
    (param $blocks i32) (param $totals i32)
    (local $block i32) (local $round i32) (local $at i32) (local $out i32)
    (local $t0 v128) (local $t1 v128) (local $t2 v128) (local $t3 v128)
    (local $v v128) (local $b v128) (local $g v128) (local $lo v128) (local $hi v128)
    (block $done
      (loop $each_block
        (br_if $done (i32.ge_u (local.get $block) (local.get $blocks)))
        (local.set $t0 (v128.const i32x4 0 0 0 0))
        (local.set $t1 (v128.const i32x4 0 0 0 0))
        (local.set $t2 (v128.const i32x4 0 0 0 0))
        (local.set $t3 (v128.const i32x4 0 0 0 0))
        (local.set $at (i32.add (local.get $columns) (i32.shl (local.get $block) (i32.const 4))))
        (local.set $round (i32.const 0))
        (block $rounds_done
          (loop $each_round
            (br_if $rounds_done (i32.ge_u (local.get $round) (local.get $rounds)))
            (local.set $v (v128.load (local.get $at)))
            (local.set $b (i8x16.splat (i32.load8_u (i32.add (local.get $answers) (local.get $round)))))
            ;; g = 100 − |v − b|, every lane 0..100
            (local.set $g
              (i8x16.sub
                (v128.const i8x16 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100)
                (i8x16.sub (i8x16.max_u (local.get $v) (local.get $b)) (i8x16.min_u (local.get $v) (local.get $b)))))
            (local.set $lo (i16x8.extend_low_i8x16_u (local.get $g)))
            (local.set $hi (i16x8.extend_high_i8x16_u (local.get $g)))
            (local.set $t0 (i32x4.add (local.get $t0) (i32x4.extmul_low_i16x8_u (local.get $lo) (local.get $lo))))
            (local.set $t1 (i32x4.add (local.get $t1) (i32x4.extmul_high_i16x8_u (local.get $lo) (local.get $lo))))
            (local.set $t2 (i32x4.add (local.get $t2) (i32x4.extmul_low_i16x8_u (local.get $hi) (local.get $hi))))
            (local.set $t3 (i32x4.add (local.get $t3) (i32x4.extmul_high_i16x8_u (local.get $hi) (local.get $hi))))
            (local.set $at (i32.add (local.get $at) (local.get $stride)))
            (local.set $round (i32.add (local.get $round) (i32.const 1)))
            (br $each_round)))
        (local.set $out (i32.add (local.get $totals) (i32.shl (local.get $block) (i32.const 6))))
        (v128.store offset=0 (local.get $out) (local.get $t0))
        (v128.store offset=16 (local.get $out) (local.get $t1))
        (v128.store offset=32 (local.get $out) (local.get $t2))
        (v128.store offset=48 (local.get $out) (local.get $t3))
        (local.set $block (i32.add (local.get $block) (i32.const 1)))
        (br $each_block))))

  ;; Classic: 10,000 for each round where both gave the same answer and it is not 0 (unanswered).
  ;; Matches are counted in bytes, so at most 255 rounds (the caller checks).
  (func (export "classic")
    (param $answers i32) (param $rounds i32) (param $columns i32) (param $stride i32)
    (param $blocks i32) (param $totals i32)
    (local $block i32) (local $round i32) (local $at i32) (local $out i32) (local $answer i32)
    (local $count v128) (local $lo v128) (local $hi v128) (local $weight v128)
    (local.set $weight (v128.const i32x4 10000 10000 10000 10000))
    (block $done
      (loop $each_block
        (br_if $done (i32.ge_u (local.get $block) (local.get $blocks)))
        (local.set $count (v128.const i32x4 0 0 0 0))
        (local.set $at (i32.add (local.get $columns) (i32.shl (local.get $block) (i32.const 4))))
        (local.set $round (i32.const 0))
        (block $rounds_done
          (loop $each_round
            (br_if $rounds_done (i32.ge_u (local.get $round) (local.get $rounds)))
            (local.set $answer (i32.load8_u (i32.add (local.get $answers) (local.get $round))))
            ;; An equal lane is all ones (−1): subtracting it counts one match.
            (if (local.get $answer)
              (then
                (local.set $count
                  (i8x16.sub (local.get $count) (i8x16.eq (v128.load (local.get $at)) (i8x16.splat (local.get $answer)))))))
            (local.set $at (i32.add (local.get $at) (local.get $stride)))
            (local.set $round (i32.add (local.get $round) (i32.const 1)))
            (br $each_round)))
        (local.set $lo (i16x8.extend_low_i8x16_u (local.get $count)))
        (local.set $hi (i16x8.extend_high_i8x16_u (local.get $count)))
        (local.set $out (i32.add (local.get $totals) (i32.shl (local.get $block) (i32.const 6))))
        (v128.store offset=0 (local.get $out) (i32x4.mul (i32x4.extend_low_i16x8_u (local.get $lo)) (local.get $weight)))
        (v128.store offset=16 (local.get $out) (i32x4.mul (i32x4.extend_high_i16x8_u (local.get $lo)) (local.get $weight)))
        (v128.store offset=32 (local.get $out) (i32x4.mul (i32x4.extend_low_i16x8_u (local.get $hi)) (local.get $weight)))
        (v128.store offset=48 (local.get $out) (i32x4.mul (i32x4.extend_high_i16x8_u (local.get $hi)) (local.get $weight)))
        (local.set $block (i32.add (local.get $block) (i32.const 1)))
        (br $each_block))))
)
