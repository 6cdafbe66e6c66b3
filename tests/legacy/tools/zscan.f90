! SPDX-License-Identifier: BSD-3-Clause
! Zero finder and second, integer-arithmetic model of the RANMAR streams
! (docs/ALGORITHMS.md's closed form, Stream model, stepped one by one): used to
! find exact raw zeros in the 24-bit (and, hopelessly, 48-bit) streams and to
! cross-check the REAL/DOUBLE oracle in tests/legacy/reference.
!
!   zscan zeros  B SEED SKIP NDRAW MAXHIT   raw-zero positions (1-based draw index
!                                          counted after SKIP discarded steps)
!   zscan seeds  B SEED1 SEED2 NDRAW        for each seed: first raw zero within NDRAW
!   zscan dump   B SEED SKIP N              raw outputs SKIP+1..SKIP+N (hex integers)
!   zscan seedsu2 B SEED1 SEED2 NDRAW       like seeds, but only zeros of a step that
!                                          rewrote U(2) itself (I97 = 2 before the step)
! B is 24 or 48.
program zscan
  implicit none
  integer, parameter :: i8 = selected_int_kind(18)
  character(len=32) :: mode, arg
  integer :: nb, seed, s1, s2, maxhit, nhit, s
  integer(i8) :: skip, ndraw, n, k, x, c, mask, out
  integer(i8) :: u(97)
  integer :: i97, j97

  call get_command_argument(1, mode)
  call get_command_argument(2, arg); read(arg, *) nb
  mask = 2_i8**nb - 1
  select case (trim(mode))
  case ('zeros')
    call get_command_argument(3, arg); read(arg, *) seed
    call get_command_argument(4, arg); read(arg, *) skip
    call get_command_argument(5, arg); read(arg, *) ndraw
    call get_command_argument(6, arg); read(arg, *) maxhit
    call init(seed)
    do k = 1, skip
      call step(out)
    end do
    nhit = 0
    do k = 1, ndraw
      call step(out)
      if (out == 0) then
        write(*, '(A,I0,A,I0,A,I0,A,Z8.8)') 'seed ', seed, ' zero at draw ', k, &
          ' (step ', skip + k, ') U(2)=', u(2)
        nhit = nhit + 1
        if (nhit >= maxhit) exit
      end if
    end do
  case ('seeds')
    call get_command_argument(3, arg); read(arg, *) s1
    call get_command_argument(4, arg); read(arg, *) s2
    call get_command_argument(5, arg); read(arg, *) ndraw
    do s = s1, s2
      call init(s)
      do k = 1, ndraw
        call step(out)
        if (out == 0) then
          write(*, '(A,I0,A,I0,A,Z8.8)') 'seed ', s, ' first zero at draw ', k, ' U(2)=', u(2)
          exit
        end if
      end do
    end do
  case ('seedsu2')
    call get_command_argument(3, arg); read(arg, *) s1
    call get_command_argument(4, arg); read(arg, *) s2
    call get_command_argument(5, arg); read(arg, *) ndraw
    do s = s1, s2
      call init(s)
      do k = 1, ndraw
        call step(out)
        if (out == 0 .and. mod(k, 97_i8) == 96) then
          write(*, '(A,I0,A,I0,A,Z8.8)') 'seed ', s, ' zero rewriting U(2) at draw ', k, &
            ' U(2)=', u(2)
          exit
        end if
      end do
    end do
  case ('dump')
    call get_command_argument(3, arg); read(arg, *) seed
    call get_command_argument(4, arg); read(arg, *) skip
    call get_command_argument(5, arg); read(arg, *) n
    call init(seed)
    do k = 1, skip
      call step(out)
    end do
    do k = 1, n
      call step(out)
      write(*, '(I0,1X,Z12.12,1X,I0)') skip + k, out, out
    end do
  case default
    stop 'usage: zscan zeros|seeds|dump B ...'
  end select

contains

  subroutine init(ijkl)
    integer, intent(in) :: ijkl
    integer :: i, j, kk, l, m, ii, jj, ij, kl
    ij = ijkl / 30082
    kl = ijkl - 30082 * ij
    i = mod(ij / 177, 177) + 2
    j = mod(ij, 177) + 2
    kk = mod(kl / 169, 178) + 1
    l = mod(kl, 169)
    do ii = 1, 97
      x = 0
      do jj = 1, nb
        m = mod(mod(i * j, 179) * kk, 179)
        i = j
        j = kk
        kk = m
        l = mod(53 * l + 1, 169)
        x = 2 * x
        if (mod(l * m, 64) >= 32) x = x + 1
      end do
      u(ii) = x
    end do
    c = 362436
    i97 = 97
    j97 = 33
  end subroutine init

  subroutine step(o)
    integer(i8), intent(out) :: o
    x = iand(u(i97) - u(j97), mask)
    u(i97) = x
    i97 = i97 - 1
    if (i97 == 0) i97 = 97
    j97 = j97 - 1
    if (j97 == 0) j97 = 97
    c = c - 7654321
    if (c < 0) c = c + 16777213
    o = iand(x - c * 2_i8**(nb - 24), mask)
  end subroutine step
end program zscan
