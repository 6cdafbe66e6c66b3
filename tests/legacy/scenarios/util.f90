! SPDX-License-Identifier: BSD-3-Clause
! Output helpers shared by the legacy scenario programs: one item per line,
! "<tag> <value>", REAL as Z8 and DOUBLE PRECISION as Z16 bit patterns, integers
! in decimal. Self-checks print "CHECK <tag> OK" or "CHECK <tag> FAIL".
! Plain external subroutines (no module), so every scenario links the same object.

subroutine putr(tag, x)
  implicit none
  character(len=*), intent(in) :: tag
  real, intent(in) :: x
  write(*, '(A,1X,Z8.8)') tag, transfer(x, 0)
end subroutine putr

subroutine putd(tag, d)
  implicit none
  character(len=*), intent(in) :: tag
  double precision, intent(in) :: d
  write(*, '(A,1X,Z16.16)') tag, transfer(d, 0_8)
end subroutine putd

subroutine puti(tag, i)
  implicit none
  character(len=*), intent(in) :: tag
  integer, intent(in) :: i
  write(*, '(A,1X,I0)') tag, i
end subroutine puti

subroutine putz(tag, i)
  ! an integer word shown as 8 hex digits (e.g. a float32 bit pattern in an INTEGER)
  implicit none
  character(len=*), intent(in) :: tag
  integer, intent(in) :: i
  write(*, '(A,1X,Z8.8)') tag, i
end subroutine putz

subroutine puts(line)
  implicit none
  character(len=*), intent(in) :: line
  write(*, '(A)') line
end subroutine puts

subroutine check(tag, ok)
  implicit none
  character(len=*), intent(in) :: tag
  logical, intent(in) :: ok
  if (ok) then
    write(*, '(A,A,A)') 'CHECK ', tag, ' OK'
  else
    write(*, '(A,A,A)') 'CHECK ', tag, ' FAIL'
  end if
end subroutine check

! REAL vector: every element when n <= nall, else a hash of all bit patterns,
! the first 3 and the last 3 elements.
subroutine putrv(tag, r, n, nall)
  implicit none
  character(len=*), intent(in) :: tag
  integer, intent(in) :: n, nall
  real, intent(in) :: r(*)
  integer :: k
  integer(8) :: h
  character(len=80) :: t
  if (n <= nall) then
    do k = 1, n
      write(t, '(A,A,I0)') tag, '.', k
      call putr(trim(t), r(k))
    end do
  else
    h = 0
    do k = 1, n
      h = mod(h * 65599_8 + int(transfer(r(k), 0), 8) + 2147483648_8, 2147483647_8)
    end do
    write(*, '(A,A,I0,A,Z8.8)') tag, '.hash(', n, ') ', int(h, 4)
    do k = 1, 3
      write(t, '(A,A,I0)') tag, '.', k
      call putr(trim(t), r(k))
    end do
    do k = n - 2, n
      write(t, '(A,A,I0)') tag, '.', k
      call putr(trim(t), r(k))
    end do
  end if
end subroutine putrv

subroutine putdv(tag, d, n, nall)
  implicit none
  character(len=*), intent(in) :: tag
  integer, intent(in) :: n, nall
  double precision, intent(in) :: d(*)
  integer :: k
  integer(8) :: h, b
  character(len=80) :: t
  if (n <= nall) then
    do k = 1, n
      write(t, '(A,A,I0)') tag, '.', k
      call putd(trim(t), d(k))
    end do
  else
    h = 0
    do k = 1, n
      b = transfer(d(k), 0_8)
      h = mod(h * 65599_8 + ishft(b, -32), 2147483647_8)
      h = mod(h * 65599_8 + iand(b, 4294967295_8), 2147483647_8)
    end do
    write(*, '(A,A,I0,A,Z8.8)') tag, '.hash(', n, ') ', int(h, 4)
    do k = 1, 3
      write(t, '(A,A,I0)') tag, '.', k
      call putd(trim(t), d(k))
    end do
    do k = n - 2, n
      write(t, '(A,A,I0)') tag, '.', k
      call putd(trim(t), d(k))
    end do
  end if
end subroutine putdv

! Deterministic vector-length schedule: mostly 1..10, sometimes 11..300,
! rarely 100000 (a small LCG; identical in every build).
integer function nextlen(state)
  implicit none
  integer, intent(inout) :: state
  integer :: r
  state = mod(state * 1103 + 12345, 1048573)
  r = mod(state, 100)
  if (r < 80) then
    nextlen = 1 + mod(state / 100, 10)
  else if (r < 97) then
    nextlen = 11 + mod(state / 100, 290)
  else
    nextlen = 100000
  end if
end function nextlen

! Running hashes of bit patterns (all 32 / 64 bits), mod 2**31-1.
subroutine hashr(h, x)
  implicit none
  integer(8), intent(inout) :: h
  real, intent(in) :: x
  h = mod(h * 65599_8 + int(transfer(x, 0), 8) + 2147483648_8, 2147483647_8)
end subroutine hashr

subroutine hashd(h, d)
  implicit none
  integer(8), intent(inout) :: h
  double precision, intent(in) :: d
  integer(8) :: b
  b = transfer(d, 0_8)
  h = mod(h * 65599_8 + ishft(b, -32) + 2147483648_8, 2147483647_8)
  h = mod(h * 65599_8 + iand(b, 4294967295_8), 2147483647_8)
end subroutine hashd
