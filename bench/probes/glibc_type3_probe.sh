# One-off probe for issue 17 (bench/results/issue17_h100/glibc_type3_same_binary_probe.txt): the same program against
# the library before the redesign (the tree of commit 6970e06 at .carry/before, `git archive 6970e06 | tar -x -C
# .carry/before`) and after, alternating. Usage on the GPU machine: bash bench/probes/glibc_type3_probe.sh OUT_DIR
set -u
export PATH=/usr/local/cuda/bin:$PATH
out=$1
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null && cmake --build build-gpu -j8 --target gpurng > $out/b_after.log 2>&1; echo after built) &
(cmake -S .carry/before -B build-before -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null && cmake --build build-before -j8 --target gpurng > $out/b_before.log 2>&1; echo before built) &
wait
gcc -O2 -Iinclude -Ibuild-gpu/include -I/usr/local/cuda/include bench/probes/glibc_type3_probe.c -o /tmp/probe -Lbuild-gpu/src -lgpurng -L/usr/local/cuda/lib64 -lcudart || exit 1
for k in 1 2 3 4 5 6; do
  for side in before after; do
    if (( k % 2 == 0 )); then s2=$([ $side = before ] && echo after || echo before); else s2=$side; fi
    lib=build-gpu/src; [ $s2 = before ] && lib=build-before/src
    echo "round $k $s2: $(LD_LIBRARY_PATH=$lib:/usr/local/cuda/lib64 /tmp/probe | tr '\n' ' ')"
  done
done | tee $out/probe.txt
